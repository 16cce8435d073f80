import { readFile } from 'node:fs/promises';
import { consoleFixture } from './support/fixture.js';

// The access records screens are the platform's, in both consoles: here lead-distribution's.
const app = consoleFixture('lead-distribution');

describe('lead-distribution console: access records (접속기록)', () => {
  it('searches the records by account and action, exports them as CSV with a reason, and shows the monthly review', async () => {
    const ui = await app.open();
    const { page } = ui;
    const account = await ui.signIn(await app.operator('admin', '감사 담당'));
    await ui.openScreen('접속기록');
    const search = page.getByRole('form', { name: '접속기록 검색' });
    await search.getByRole('combobox', { name: '계정 종류' }).click();
    await page.getByRole('option', { name: '운영자', exact: true }).click();
    await search.getByLabel('계정·키 ID').fill(account.id);
    await search.getByRole('button', { name: '검색' }).click();
    const table = page.getByRole('table', { name: '접속기록 목록' });
    await ui.check('i41-console-access-records-search');

    // The export asks a reason, which its own record keeps.
    await page.getByRole('button', { name: 'CSV 내보내기' }).click();
    const dialog = page.getByRole('dialog', { name: '접속기록 내보내기' });
    await dialog.getByLabel('내보내는 사유').fill('12월 월간 점검');
    await ui.check('i41-console-access-records-export');
    await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '내보내기' }).click()]);
    await dialog.waitFor({ state: 'detached' });

    await search.getByRole('combobox', { name: '작업' }).click();
    await page.getByRole('option', { name: '다운로드' }).click();
    await search.getByRole('button', { name: '검색' }).click();
    // The export's own record: this account, the download, its reason, to the second.
    const exported = table.getByRole('row', { name: /12월 월간 점검/ });
    await exported.getByText('감사 담당').waitFor();
    await exported.getByText('다운로드').waitFor();
    await ui.check('i41-console-access-records');

    // The next export holds the first one's record, with its reason.
    await page.getByRole('button', { name: 'CSV 내보내기' }).click();
    await dialog.getByLabel('내보내는 사유').fill('감사 요청');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '내보내기' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(account.id);
    expect(csv).toContain('12월 월간 점검');

    // The monthly review of this month lists the download with its reason.
    await ui.openScreen('접속기록 월간 점검');
    const now = new Date(Date.now() + 9 * 3_600_000);
    await page.getByLabel('점검할 달').fill(`${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`);
    await page.getByRole('region', { name: '다운로드와 사유' }).getByRole('cell', { name: '12월 월간 점검' }).waitFor();
    await page.getByLabel('점검할 달').blur();
    await ui.check('i41-console-access-review');
    expect(ui.problemsBut(401)).toEqual([]);
    await ui.close();
  });
});
