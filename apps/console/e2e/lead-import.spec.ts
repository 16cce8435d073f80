import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// fflate is read-excel-file's own unzipper (installed with it): here it writes the test's XLSX file.
import { strToU8, zipSync } from 'fflate';
import { ok } from './support/api.js';
import { consoleFixture } from './support/fixture.js';
import { givenPartner, givenProduct, nextPhone } from './support/lead-distribution.js';

const app = consoleFixture('lead-distribution');
let files: string;

beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), 'lead-import-'));
});

afterAll(async () => {
  if (files) await rm(files, { recursive: true, force: true });
});

const hyphenated = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;
const lastFour = (phone: string) => phone.slice(-4);

/** The partner's leads as the operator lists them (contacts masked: 010-****-5678). */
const leadsOf = (partnerId: number) => ok(app.api().GET('/api/v1/leads', { params: { query: { partnerId, limit: 100 } } }));

/** The console signed in, on the import screen, with the product picked by name; what it asked the server after that is recorded. */
async function openImport(productName: string) {
  const ui = await app.open();
  await ui.signIn();
  await ui.openScreen('리드 가져오기');
  // The product is searched on the server: its answer lists the option.
  const searched = ui.page.waitForResponse(
    (response) => response.url().includes('/api/v1/admin/products?') && response.url().includes('search='),
  );
  await ui.page.getByPlaceholder('상품명으로 검색').fill(productName);
  await searched;
  await ui.page.getByRole('option', { name: new RegExp(`^${productName}`) }).click();
  const requests: string[] = [];
  ui.page.on('request', (request) => {
    if (!request.url().includes('/console/assets/')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return { ui, page: ui.page, requests };
}

const selected = (page: Awaited<ReturnType<typeof openImport>>['page'], label: string) =>
  page
    .getByRole('combobox', { name: label, exact: false })
    .evaluate((select) => (select as unknown as { selectedOptions: ArrayLike<{ text: string }> }).selectedOptions[0]?.text);

describe('lead-distribution console: lead import', () => {
  it('imports a CSV with one bad row: that row shows the field the API refused, the others are imported, the errors download as CSV', async () => {
    const { product } = await givenProduct(app, '가져오기 실손 DB');
    const { partner } = await givenPartner(app, '가져오기 대리점');
    const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    // Korean headers in another order than the form's, Excel's habits (경기도, 여, 1985-03-14), a quoted comma, and row 4's landline.
    const csv = [
      '이름,연락처,성별,생년월일,지역,이메일,비고,파트너ID',
      `김민수,${hyphenated(phones[0]!)},남,1985-03-14,서울,,오후 상담 희망,${partner.id}`,
      `이영희,${phones[1]},여,900501,경기도,lee@example.com,,${partner.id}`,
      `박지성,02-123-4567,M,850314,부산,,,${partner.id}`,
      `최유리,${hyphenated(phones[2]!)},F,19920701,대구,,"주말, 저녁만 통화",${partner.id}`,
      `정하늘,${phones[3]},남자,880808,인천,,,${partner.id}`,
      '',
    ].join('\r\n');
    const file = path.join(files, '리드-목록.csv');
    await writeFile(file, csv);

    const { ui, page, requests } = await openImport(product.name);
    await page.getByTestId('lead-file').setInputFiles(file);
    await page.getByTestId('file-summary').getByText('데이터 5행 · 8열').waitFor();
    // The columns are guessed from their Korean names.
    expect(await selected(page, '이름')).toBe('이름');
    expect(await selected(page, '휴대전화')).toBe('연락처');
    expect(await selected(page, '지역')).toBe('지역');
    expect(await selected(page, '메모')).toBe('비고');
    expect(await selected(page, '파트너 ID (직접 배정)')).toBe('파트너ID');
    // The preview shows the values as they will be sent.
    const preview = page.getByRole('table', { name: '가져올 리드 미리보기' });
    await preview
      .getByRole('row', { name: /이영희/ })
      .getByRole('cell', { name: '경기', exact: true })
      .waitFor();
    await preview
      .getByRole('row', { name: /이영희/ })
      .getByRole('cell', { name: 'F', exact: true })
      .waitFor();
    await ui.check('lead-distribution-lead-import-mapping');

    await page.getByRole('button', { name: '5행 가져오기' }).click();
    await page.getByTestId('import-progress').getByText(/^완료/).waitFor();
    const bad = page.getByTestId('result-row-4');
    await bad.getByText('오류', { exact: true }).waitFor();
    expect(await bad.textContent()).toContain('휴대전화(phone): must be a Korean mobile number');
    for (const row of [2, 3, 5, 6]) await page.getByTestId(`result-row-${row}`).getByText('등록', { exact: true }).waitFor();
    await page.getByLabel('결과 요약').getByText('등록 4').waitFor();
    await ui.check('lead-distribution-lead-import-results');

    // The rows not imported, with their error and their cells, for fixing in Excel (UTF-8 with a BOM).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '등록 안 된 1행 CSV 내려받기' }).click(),
    ]);
    const errors = await readFile((await download.path())!, 'utf8');
    expect(errors.startsWith('\uFEFF')).toBe(true);
    expect(errors.slice(1).split('\r\n')).toEqual([
      '"행","결과","오류","이름","연락처","성별","생년월일","지역","이메일","비고","파트너ID"',
      `"4","오류","휴대전화(phone): must be a Korean mobile number (010-1234-5678)","박지성","02-123-4567","M","850314","부산","","","${partner.id}"`,
      '',
    ]);

    // The API agrees: the four good rows are the partner's leads, the landline is nowhere.
    const leads = await leadsOf(partner.id);
    expect(leads.pagination.total).toBe(4);
    expect(leads.data.map((lead) => lead.phone.slice(-4)).sort()).toEqual(phones.map(lastFour).sort());
    expect(leads.data.map((lead) => lead.region).sort()).toEqual(['경기', '대구', '서울', '인천']);
    // Parsing happened in the page: the server saw the import call and nothing else.
    expect(requests).toEqual(['POST /api/v1/admin/leads/import']);
    expect(ui.problems).toEqual([]);
    await ui.close();
  });

  it('imports an XLSX of more rows than one call takes, in chunks with a progress bar, undoing the leading zeros Excel drops', async () => {
    const { product } = await givenProduct(app, '가져오기 치아 DB');
    const { partner } = await givenPartner(app, '엑셀 대리점');
    const count = 1201;
    const phones = Array.from({ length: count }, () => nextPhone());
    const BAD = 1100;
    // Phones and birth dates as numbers, as Excel keeps them (the leading 0 gone); one bad region in the second call.
    const rows: Array<Array<string | number>> = [
      ['Name', 'Mobile', 'Region', 'Birth date', 'Gender', 'Partner', 'Memo'],
      ...phones.map((phone, index) => [
        `고객${index + 1}`,
        index % 2 === 0 ? Number(phone) : phone,
        index === BAD ? '뉴욕' : '서울',
        index % 3 === 0 ? 19850314 : '850314',
        index % 2 === 0 ? 'F' : 'M',
        partner.id,
        '평일 오후 상담',
      ]),
    ];
    const file = path.join(files, 'leads.xlsx');
    await writeFile(file, xlsx(rows));

    const { ui, page, requests } = await openImport(product.name);
    // The second call waits until the progress bar has been seen half way.
    let releaseSecond!: () => void;
    const secondMayGo = new Promise<void>((resolve) => (releaseSecond = resolve));
    let calls = 0;
    await page.route('**/api/v1/admin/leads/import', async (route) => {
      calls += 1;
      if (calls === 2) await secondMayGo;
      await route.continue();
    });
    await page.getByTestId('lead-file').setInputFiles(file);
    await page
      .getByTestId('file-summary')
      .getByText(`데이터 ${count.toLocaleString('ko-KR')}행 · 7열`)
      .waitFor();
    expect(await selected(page, '휴대전화')).toBe('Mobile');
    expect(await selected(page, '생년월일')).toBe('Birth date');
    const preview = page.getByRole('table', { name: '가져올 리드 미리보기' });
    await preview
      .getByRole('row', { name: /고객1 / })
      .getByRole('cell', { name: phones[0], exact: true })
      .waitFor();
    await preview
      .getByRole('row', { name: /고객1 / })
      .getByRole('cell', { name: '19850314', exact: true })
      .waitFor();

    await page.getByRole('button', { name: `${count.toLocaleString('ko-KR')}행 가져오기` }).click();
    await page.getByTestId('import-progress').getByText('가져오는 중 · 1,000 / 1,201행 (1/2회 요청)').waitFor();
    expect(await page.getByRole('progressbar', { name: '가져오기 진행률' }).getAttribute('aria-valuenow')).toBe('83');
    await ui.check('lead-distribution-lead-import-progress');
    releaseSecond();

    await page.getByTestId('import-progress').getByText('완료 · 1,201 / 1,201행 (2/2회 요청)').waitFor();
    await page.getByLabel('결과 요약').getByText('등록 1200').waitFor();
    await page.getByLabel('결과 거르기').getByText('등록 안 된 행').click();
    const bad = page.getByTestId(`result-row-${BAD + 2}`);
    expect(await bad.textContent()).toContain('지역(region): must be one of the allowed regions');
    await ui.check('lead-distribution-lead-import-xlsx-errors');

    const leads = await leadsOf(partner.id);
    expect(leads.pagination.total).toBe(count - 1);
    expect(requests).toEqual(['POST /api/v1/admin/leads/import', 'POST /api/v1/admin/leads/import']);
    expect(ui.problems).toEqual([]);
    await ui.close();
  });
});

/** A one-sheet XLSX workbook of `rows` (inline strings and numbers, no styles): the least Excel itself reads. */
function xlsx(rows: Array<Array<string | number>>): Uint8Array {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows.map(
    (cells, row) =>
      `<row r="${row + 1}">${cells
        .map((cell, index) =>
          typeof cell === 'number'
            ? `<c r="${column(index)}${row + 1}"><v>${cell}</v></c>`
            : `<c r="${column(index)}${row + 1}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`,
        )
        .join('')}</row>`,
  );
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  return zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': xml(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="리드" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': xml(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
  });
}
