import { ok, until } from './support/api.js';
import type { ConsolePage } from './support/browser.js';
import { consoleFixture } from './support/fixture.js';
import { givenPartner, givenProduct, leadInput } from './support/lead-distribution.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// The webhook worker polling often, and endpoints allowed on loopback: the test's receiver.
const app = consoleFixture('lead-distribution', {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_TIMEOUT_MS: '2000',
});

/** Picks a partner in the screen's searchable partner select (the search runs on the server). */
async function pickPartner(ui: ConsolePage, name: string): Promise<void> {
  await ui.page.getByRole('combobox', { name: '파트너' }).fill(name);
  await ui.page.getByRole('option', { name: new RegExp(name) }).click();
}

describe('lead-distribution console: orders', () => {
  it('shows a partner’s orders with their summary and one order’s regions, and cancels it after a confirm', async () => {
    const { product, providerKey } = await givenProduct(app, '주문 화면 상품');
    const { partner, apiKey } = await givenPartner(app, '주문화면 대리점');
    // Three leads in 서울 and one in 부산 wait in the pool; the order takes them when it is made.
    for (const region of ['서울', '서울', '서울', '부산'] as const)
      await ok(app.api(providerKey).POST('/api/v1/leads', { body: leadInput(product.id, { region }) }));
    const order = await ok(
      app.api(apiKey).POST('/api/v1/orders', {
        body: {
          productId: product.id,
          ordererName: '김주문',
          ordererContact: '010-1234-5678',
          regionQuantities: [
            { region: '서울', quantity: 5 },
            { region: '부산', quantity: 2 },
          ],
          memo: '11월 캠페인',
        },
      }),
    );
    expect(order.status).toBe('IN_PROGRESS');

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('주문');
    await page.getByText('파트너를 고르면').waitFor();
    await ui.check('lead-distribution-orders-no-partner');

    await pickPartner(ui, '주문화면 대리점');
    const summary = page.getByRole('group', { name: '주문 요약' });
    await until('the summary of the partner’s orders', async () => {
      const text = (await summary.textContent().catch(() => '')) ?? '';
      return text.includes('진행중1건') && text.includes('주문 수량7') && text.includes('전달 수량4');
    });
    // The partner is in the address: a reload or a link keeps it.
    expect(new URL(page.url()).searchParams.get('partner')).toBe(String(partner.id));

    await page.getByRole('cell', { name: '김주문' }).click();
    const regions = page.getByRole('table', { name: '지역별 주문·전달 수량' });
    await regions.getByRole('row', { name: /서울 5 3 2/ }).waitFor();
    await regions.getByRole('row', { name: /부산 2 1 1/ }).waitFor();
    await page.getByText('지역별 전달 현황 · 4 / 7건').waitFor();
    await ui.check('lead-distribution-orders');

    await page.getByRole('button', { name: '주문 취소' }).click();
    const dialog = page.getByRole('dialog', { name: '주문 취소' });
    await dialog.getByText('되돌릴 수 없습니다', { exact: false }).waitFor();
    await dialog.getByLabel('취소 사유 (선택)').fill('캠페인 조기 종료');
    await ui.check('lead-distribution-orders-cancel-confirm');
    await dialog.getByRole('button', { name: '취소 확정' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The cancel invalidated the partner's orders: the order, its list row and the summary are read again.
    await page.getByRole('row', { name: /취소 사유 캠페인 조기 종료/ }).waitFor();
    await until('the summary counting it cancelled', async () => ((await summary.textContent()) ?? '').includes('진행중0건완료0건취소1건'));
    await page
      .getByRole('table', { name: '주문 목록' })
      .getByRole('row', { name: /김주문.*취소/ })
      .waitFor();
    await page.getByRole('button', { name: '주문 취소' }).waitFor({ state: 'detached' });
    await ui.check('lead-distribution-orders-cancelled');
    // On a tablet the list and the order stack.
    await page.setViewportSize({ width: 820, height: 1180 });
    await ui.check('lead-distribution-orders-tablet');

    const cancelled = await ok(app.api(apiKey).GET('/api/v1/orders/{id}', { params: { path: { id: order.id } } }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelMemo: '캠페인 조기 종료' });
    expect(ui.problems).toEqual([]);
    await ui.close();
  });
});

describe('lead-distribution console: webhooks', () => {
  let started: WebhookReceiver | undefined;
  afterAll(() => started?.stop());

  it('registers an endpoint with its secret shown once, sends a test event, and resends its delivery from the log', async () => {
    // The partner's server, on a port known before its endpoint is registered.
    const partner = (started = await WebhookReceiver.reserve());
    const { partner: owner } = await givenPartner(app, '웹훅화면 대리점');

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('웹훅');
    await pickPartner(ui, '웹훅화면 대리점');
    await page.getByText('등록된 엔드포인트가 없습니다').waitFor();
    await ui.check('lead-distribution-webhooks-no-endpoint');

    // What is not an address is refused, and the refusal is shown under its field.
    const url = page.getByRole('textbox', { name: 'URL' });
    await url.fill('crm.example.com/hooks');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await until('the URL field marked invalid', async () => (await url.getAttribute('aria-invalid')) === 'true');
    await ui.check('lead-distribution-webhooks-url-refused');

    await url.fill(partner.url());
    await page.getByRole('checkbox', { name: '주문 취소' }).check();
    await page.getByLabel('설명 (선택)').fill('CRM 운영 서버');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    const secret = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    // The partner's server takes the secret shown: the docs' receiver verifies every delivery with it.
    await partner.start(secret);
    await page.getByRole('heading', { name: partner.url() }).waitFor();
    await ui.check('lead-distribution-webhooks-created');
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    const listed = await ok(app.api().GET('/api/v1/webhooks/endpoints', { params: { query: { partnerId: owner.id } } }));
    const [endpoint] = listed.data;
    expect(endpoint).toMatchObject({ url: partner.url(), eventTypes: ['lead.assigned', 'order.cancelled'], description: 'CRM 운영 서버' });

    // The test event: queued, delivered by the worker, and the log shows it without a reload (it reads
    // itself again while a delivery waits).
    await page.getByRole('button', { name: '테스트 이벤트 전송' }).click();
    await page.getByText('테스트 이벤트를 전송 대기열에 넣었습니다.').waitFor();
    await until('the receiver verified the test event', async () => partner.verified().length === 1);
    expect(partner.verified()).toEqual([{ id: expect.any(String), type: 'webhook.test', again: false }]);
    const log = page.getByRole('table', { name: '전송 기록' });
    await log.getByRole('row', { name: /테스트 전달됨 1회 204/ }).waitFor();
    await ui.check('lead-distribution-webhooks-log');

    await log.getByRole('cell', { name: '테스트' }).click();
    const detail = page.getByRole('dialog', { name: '전송 상세' });
    const attempts = detail.getByRole('table', { name: '시도 내역' }).getByRole('row', { name: /성공 204/ });
    await attempts.first().waitFor();
    await detail.getByText('"type": "webhook.test"', { exact: false }).waitFor();
    await ui.check('lead-distribution-webhooks-delivery');

    await detail.getByRole('button', { name: '재전송' }).click();
    await until('the receiver got the resend', async () => partner.verified().length === 2);
    // The same event again: its webhook-id tells the partner it already handled it.
    const [first, again] = partner.verified();
    expect(again).toEqual({ id: first!.id, type: 'webhook.test', again: true });
    // The resend is a new cycle of the same delivery: the open detail shows both attempts once sent.
    await until('both attempts in the detail', async () => (await attempts.count()) === 2);
    await ui.check('lead-distribution-webhooks-resent');
    const [delivery] = (
      await ok(app.api().GET('/api/v1/webhooks/endpoints/{endpointId}/deliveries', { params: { path: { endpointId: endpoint!.id } } }))
    ).data;
    const detailed = await ok(
      app.api().GET('/api/v1/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId: delivery!.id } } }),
    );
    expect(detailed).toMatchObject({ status: 'DELIVERED', eventType: 'webhook.test' });
    expect(detailed.attempts.map((attempt) => attempt.outcome)).toEqual(['SUCCESS', 'SUCCESS']);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await log.getByRole('row', { name: /테스트 전달됨 1회 204/ }).waitFor();

    // Rotating the secret shows the new one once.
    await page.getByRole('button', { name: '비밀키 교체' }).click();
    const rotate = page.getByRole('dialog', { name: '비밀키 교체' });
    await rotate.getByRole('button', { name: '교체', exact: true }).click();
    await rotate.waitFor({ state: 'hidden' });
    const rotated = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await ui.check('lead-distribution-webhooks-rotated');
    expect(partner.log()).not.toContain('refused');
    // The only refusal the page met is the bad URL's 400.
    expect(ui.problemsBut(400)).toEqual([]);
    await ui.close();
  });
});
