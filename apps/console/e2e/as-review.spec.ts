import type { Page } from 'playwright-core';
import { ok } from './support/api.js';
import { evidenceFiles } from './support/documents.js';
import { consoleFixture } from './support/fixture.js';
import { givenPartner, givenProduct, leadInput, uploadEvidence } from './support/lead-distribution.js';

const app = consoleFixture('lead-distribution');

/** Until the page's image named `alt` is decoded (the function runs in the page: its DOM typed here by hand). */
const waitForImage = (page: Page, alt: string) =>
  page.waitForFunction((name) => {
    type Image = { complete: boolean; naturalWidth: number };
    const { document } = globalThis as unknown as { document: { querySelector(selector: string): Image | null } };
    const image = document.querySelector(`img[alt="${name}"]`);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, alt);

/** The number of pixels the browser decoded for the page's image named `name` (0: not shown). */
const naturalWidthOf = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((element) => {
    const image = element as unknown as { complete: boolean; naturalWidth: number };
    return image.complete && image.naturalWidth;
  });

describe('lead-distribution console: AS review', () => {
  it('reviews an AS request with its evidence image in view, approves it with a note, and shows the replacement lead it brought', async () => {
    // A partner's order took two leads, one of which the partner used; a third waits in the pool.
    const { product, providerKey } = await givenProduct(app, '실손보험 상담 DB');
    const { partner, apiKey } = await givenPartner(app, '한빛 보험대리점');
    const asPartner = app.api(apiKey);
    const order = await ok(
      asPartner.POST('/api/v1/orders', {
        body: {
          productId: product.id,
          ordererName: '김담당',
          ordererContact: '010-1234-5678',
          regionQuantities: [{ region: '서울', quantity: 2 }],
        },
      }),
    );
    const register = (name: string) => ok(app.api(providerKey).POST('/api/v1/leads', { body: leadInput(product.id, { name }) }));
    const returned = await register('홍길동');
    const second = await register('김영희');
    expect([returned.orderId, second.orderId]).toEqual([order.id, order.id]);
    const waiting = await register('박철수');
    expect(waiting.orderId).toBeNull();
    await ok(asPartner.POST('/api/v1/leads/{id}/use', { params: { path: { id: returned.id } }, body: {} }));

    // Its AS request, the evidence a real PNG photo of a call log; another with a PDF.
    const { png, pdf } = await evidenceFiles(app.browser);
    const photo = await uploadEvidence(app, apiKey, { bytes: png, mimeType: 'image/png', originalName: '통화기록.png' });
    const request = await ok(
      asPartner.POST('/api/v1/lead-as', {
        body: {
          leadId: returned.id,
          reasonCode: 'WRONG_NUMBER',
          memo: '세 번 걸었는데 모두 없는 번호라고 나옵니다.',
          storedFileIds: [photo],
        },
      }),
    );
    const document = await uploadEvidence(app, apiKey, { bytes: pdf, mimeType: 'application/pdf', originalName: '통화내역.pdf' });
    const pdfRequest = await ok(
      asPartner.POST('/api/v1/lead-as', {
        body: { leadId: second.id, reasonCode: 'NOT_REACHABLE', memo: '일주일째 받지 않습니다.', storedFileIds: [document] },
      }),
    );

    // 1280 × 1024: the request's page fits in the window, so the full-page screenshots show the header where it is.
    const ui = await app.open({ width: 1280, height: 1024 });
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('AS 심사');
    // The queue: pending requests, oldest first; filtered by the partner (searched) and the reason.
    await page.getByRole('row', { name: /한빛 보험대리점.*결번·없는 번호/ }).waitFor();
    const queue = page.getByRole('table', { name: 'AS 요청 목록' });
    expect(await queue.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/^접수\s+파트너/),
      expect.stringMatching(/결번·없는 번호/),
      expect.stringMatching(/연락 두절/),
    ]);
    await page.getByRole('combobox', { name: '파트너' }).fill('한빛');
    await page.getByRole('option', { name: `한빛 보험대리점 (#${partner.id})` }).click();
    await page.getByRole('combobox', { name: '사유' }).click();
    await page.getByRole('option', { name: '결번·없는 번호' }).click();
    await page.getByText('AS 요청 목록 · 총 1건').waitFor();
    expect(new URL(page.url()).searchParams.get('reasonCode')).toBe('WRONG_NUMBER');
    await ui.check('lead-distribution-as-queue');

    // One request: its lead (masked, even though used), reason, memo, and the photo in view.
    await page
      .getByRole('row', { name: /결번·없는 번호/ })
      .getByRole('link', { name: /열기/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'AS 요청 심사' }).waitFor();
    const summary = page.getByRole('region', { name: '요청 내용' });
    await page.getByText('세 번 걸었는데 모두 없는 번호라고 나옵니다.').waitFor();
    await page.getByText('홍*동').waitFor();
    await page.getByText(/010-\*\*\*\*-\d{4}/).waitFor();
    expect(await page.getByText('홍길동').count()).toBe(0);
    const image = '증빙 이미지 통화기록.png';
    await waitForImage(page, image);
    expect(await naturalWidthOf(page, image)).toBe(240);
    await ui.check('lead-distribution-as-request');

    // Approve with a note, after a confirm.
    await page.getByLabel('관리자 메모').fill('통화 기록 확인, 결번 맞음. 반환 처리합니다.');
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '승인' });
    await dialog.getByText('되돌릴 수 없습니다', { exact: false }).waitFor();
    await ui.check('lead-distribution-as-approve-confirm');
    await dialog.getByRole('button', { name: '승인' }).click();

    // What it triggered: the lead returned, and the order's replacement (the lead that waited).
    const outcome = page.getByTestId('as-outcome');
    await outcome.getByText('리드가 반환되었습니다', { exact: false }).waitFor();
    await page.getByTestId('as-replacement').getByText(waiting.id).waitFor();
    await summary.getByText('통화 기록 확인, 결번 맞음. 반환 처리합니다.').waitFor();
    await summary.getByText('승인', { exact: true }).waitFor();
    // A decided request takes no other decision.
    expect(await page.getByRole('region', { name: '심사', exact: true }).count()).toBe(0);
    await waitForImage(page, image);
    await ui.check('lead-distribution-as-approved');

    // The API agrees.
    const reviewed = await ok(app.api().GET('/api/v1/admin/lead-as/{id}', { params: { path: { id: request.id } } }));
    expect(reviewed).toMatchObject({
      status: 'APPROVED',
      adminNote: '통화 기록 확인, 결번 맞음. 반환 처리합니다.',
      replacement: { orderId: order.id, leadId: waiting.id },
    });
    expect((await ok(asPartner.GET('/api/v1/lead-as/{id}', { params: { path: { id: request.id } } }))).status).toBe('APPROVED');
    expect((await asPartner.GET('/api/v1/leads/{id}', { params: { path: { id: returned.id } } })).response.status).toBe(404);
    expect((await asPartner.GET('/api/v1/leads/{id}', { params: { path: { id: waiting.id } } })).response.status).toBe(200);

    // Back to the queue (its filters kept, and read again: the approved request left it); the other
    // request's PDF is shown in a frame, and it is put on hold.
    await page.getByRole('link', { name: '목록으로' }).click();
    await page.getByText('AS 요청 목록 · 총 0건').waitFor();
    await page.getByRole('combobox', { name: '사유' }).click();
    await page.getByRole('option', { name: '연락 두절' }).click();
    await page.getByRole('row', { name: /연락 두절/ }).click();
    await page.getByText('일주일째 받지 않습니다.').waitFor();
    const pdfFrame = page.locator('iframe[title="증빙 PDF 통화내역.pdf"]');
    await pdfFrame.waitFor();
    expect(await pdfFrame.getAttribute('src')).toMatch(/^blob:/);
    await page.getByLabel('관리자 메모').fill('통화 내역 원본을 추가로 요청했습니다.');
    await page.getByRole('button', { name: '보류', exact: true }).click();
    await page.getByRole('dialog', { name: '보류' }).getByRole('button', { name: '보류' }).click();
    // On hold: it can still be approved or rejected, not held again.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await summary.getByText('통화 내역 원본을 추가로 요청했습니다.').waitFor();
    await summary.getByText('보류', { exact: true }).waitFor();
    await page.getByRole('button', { name: '반려', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '보류', exact: true }).count()).toBe(0);
    await ui.check('lead-distribution-as-request-pdf-on-hold');
    expect((await ok(app.api().GET('/api/v1/admin/lead-as/{id}', { params: { path: { id: pdfRequest.id } } }))).status).toBe('ON_HOLD');

    // On a tablet the columns stack: the request, its lead, then the evidence and the decision.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('button', { name: '메뉴 열기' }).waitFor();
    await ui.check('lead-distribution-as-request-tablet');

    expect(ui.problems).toEqual([]);
    await ui.close();
  });
});
