import { Test } from '@nestjs/testing';
import type { CoverageAnalysisDto, CoverageReportDto } from '#contracts';
import { pdfPages, pdfText } from '../../../test/support/pdf-text.js';
import { CoverageReportModule } from '../src/coverage-analysis/report/coverage-report.module.js';
import { CoverageReportService } from '../src/coverage-analysis/report/coverage-report.service.js';
import { reportContentOf, reportCustomerOf } from '../src/coverage-analysis/report/report-content.js';
import { loadPdfFonts, type PdfFonts } from '../src/pdf/pdf-fonts.js';
import { renderReportPdf } from '../src/coverage-analysis/report/coverage-report-pdf.js';
import { GENERATED_AT, ONE_CONTRACT_CUSTOMER, sandboxAnalysis, TWENTY_CONTRACT_CUSTOMER } from './support/coverage-report-fixtures.js';

// The report PDF, taken apart: structure and fonts from the bytes, text and the boxes of its runs of
// text through pdf.js (test/support/pdf-text.ts).

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;

let fonts: PdfFonts;
beforeAll(async () => {
  fonts = await loadPdfFonts();
});

const contentOf = (analysis: CoverageAnalysisDto): CoverageReportDto =>
  reportContentOf(analysis, reportCustomerOf(analysis), GENERATED_AT, null);
const twentyContracts = contentOf(sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER));

/** The 20-contract report with names as long as insurers and hostile sources make them. */
function longNamesContent(): CoverageReportDto {
  const analysis = sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER);
  analysis.customer_name = '남궁민수아름다운이름';
  analysis.contracts[0]!.product_name = '무배당 삼성화재 다이렉트 착한암보험 (2301.2) 1종(갱신형) 표준형 해약환급금 미지급형 특약 포함';
  analysis.contracts[1]!.product_name =
    'The Long-Named Comprehensive Health Insurance Plan with Riders for Cancer, Stroke and Heart Disease (Renewable)';
  analysis.contracts[1]!.company_name = 'AIA생명보험주식회사 한국지점';
  analysis.contracts[2]!.product_name = '띄어쓰기없이아주아주긴상품명'.repeat(30);
  analysis.contracts[3]!.product_name = '끝없이 긴 상품명 '.repeat(1_000);
  analysis.coverages[3]!.coverage_name = '상해후유장해(3~100%) 보장 특별약관 (갱신형, 무해지환급형) 포함 '.repeat(3);
  return contentOf(analysis);
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

/** Every page's words (its runs of text cut at spaces), each with the number of its page. */
async function pdfWords(pdf: Buffer): Promise<{ page: number; text: string }[]> {
  return (await pdfPages(pdf)).flatMap((page, i) =>
    page.runs.flatMap((run) =>
      run.text
        .split(/\s+/)
        .filter((text) => text !== '')
        .map((text) => ({ page: i + 1, text })),
    ),
  );
}

describe('coverage report PDF', () => {
  it('renders a 20-contract analysis as an A4 portrait PDF of two to four pages, under 500 KiB', async () => {
    const pdf = await renderReportPdf(twentyContracts, fonts);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
    expect(pageCount(pdf)).toBeLessThanOrEqual(4);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdf.length).toBeLessThan(500 * 1024);
  });

  it('embeds Noto Sans KR Regular and Bold as font subsets (six-letter tag) and no other font', async () => {
    const pdf = (await renderReportPdf(twentyContracts, fonts)).toString('latin1');
    const baseFonts = [...new Set([...pdf.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((match) => match[1]!.replace(/^[A-Z]{6}\+/, 'TAG+')))];
    expect(baseFonts.sort()).toEqual(['TAG+NotoSansKR-Bold', 'TAG+NotoSansKR-Regular']);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKR-Regular/);
    // Embedded TrueType programs, one per weight, far smaller than the 6 MB fonts.
    expect(pdf.match(/\/FontFile2 /g)).toHaveLength(2);
  });

  it('has the Korean text, masked customer data, page numbers and the generation time', async () => {
    const pdf = await renderReportPdf(twentyContracts, fonts);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(pageCount(pdf));
    const text = pages.map((page) => page.text).join('\n');
    for (const expected of [
      '보장분석 리포트',
      '고객 정보',
      '홍*동',
      '010-****-1027',
      '1985.03.15 (남)',
      '조회일',
      '2026.11.21',
      '담보별 보장 현황',
      '일반암진단비',
      '보유 계약 현황 (20건)',
      '보험료 요약',
      '부족',
      '적절',
      '생성 2026.11.21 18:30 (KST)',
      twentyContracts.contracts[0]!.productName,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('01012341027');
    expect(text).not.toContain('홍길동');
    // The header, with the title, on every page; the footer numbers them, at the end of a line.
    expect(pages.map((page) => page.text.match(/보장분석 리포트/g)?.length)).toEqual(pages.map(() => 1));
    pages.forEach((page, i) => expect(page.text).toMatch(new RegExp(`\\b${i + 1}\\s*/\\s*${pages.length}$`, 'm')));
  });

  it('repeats the table header on every page a table continues on', async () => {
    const content = longNamesContent();
    const words = await pdfWords(await renderReportPdf(content, fonts));
    const pagesWith = (texts: string[]) => [...new Set(words.filter((word) => texts.includes(word.text)).map((word) => word.page))].sort();
    // Pages with rows: the contracts' start dates, the coverages' names (those of one word).
    const contractPages = pagesWith(content.contracts.map((contract) => contract.startDate.replaceAll('-', '.')));
    const coveragePages = pagesWith(content.categories.flatMap((category) => category.coverages.map((coverage) => coverage.name)));
    expect(contractPages.length).toBeGreaterThan(1);
    expect(coveragePages.length).toBeGreaterThan(1);
    // 계약일 heads the contracts table only, 권장금액 the coverage table only.
    expect(pagesWith(['계약일'])).toEqual(contractPages);
    expect(pagesWith(['권장금액'])).toEqual(coveragePages);
  });

  it('keeps every word inside the page margins and no word on top of another, long names included', async () => {
    for (const content of [twentyContracts, longNamesContent()]) {
      const pages = await pdfPages(await renderReportPdf(content, fonts));
      expect(pages.every((page) => Math.abs(page.width - A4.width) < 0.01 && Math.abs(page.height - A4.height) < 0.01)).toBe(true);
      // Runs of text (a word or several): a word outside the margins or on another word puts its run there.
      const outside = pages.flatMap((page, i) =>
        page.runs
          .filter(
            (run) =>
              run.xMin < MARGIN - 0.5 ||
              run.xMax > A4.width - MARGIN + 0.5 ||
              run.yMin < MARGIN - 0.5 ||
              run.yMax > A4.height - MARGIN + 0.5,
          )
          .map((run) => `page ${i + 1}: "${run.text}"`),
      );
      expect(outside).toEqual([]);
      const overlapping: string[] = [];
      pages.forEach((page, i) =>
        page.runs.forEach((a, j) => {
          for (const b of page.runs.slice(j + 1)) {
            const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
            const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
            if (x > 0.5 && y > 0.5) overlapping.push(`page ${i + 1}: "${a.text}" and "${b.text}"`);
          }
        }),
      );
      expect(overlapping).toEqual([]);
    }
  });

  it('wraps long product names and cuts what is beyond four lines with an ellipsis', async () => {
    const content = longNamesContent();
    const pdf = await renderReportPdf(content, fonts);
    const text = await pdfText(pdf);
    expect(text).toContain('무배당 삼성화재 다이렉트 착한암보험');
    expect(text).toContain('…');
    // A 9,000-character product name takes four lines, not pages.
    expect(pageCount(pdf)).toBeLessThanOrEqual(pageCount(await renderReportPdf(twentyContracts, fonts)) + 1);
    expect(text).toContain('남********름 고객님');
  });

  it('says so when the customer has no contract', async () => {
    const pdf = await renderReportPdf(contentOf(sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER, [])), fonts);
    const text = await pdfText(pdf);
    expect(text).toContain('보유 계약 현황 (0건)');
    expect(text).toContain('조회된 계약이 없습니다.');
  });

  it('renders a one-contract analysis', async () => {
    const pdf = await renderReportPdf(contentOf(sandboxAnalysis(ONE_CONTRACT_CUSTOMER)), fonts);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(pageCount(pdf)).toBeLessThanOrEqual(3);
  });
});

describe('CoverageReportService', () => {
  let service: CoverageReportService;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CoverageReportModule] }).compile();
    await moduleRef.init();
    service = moduleRef.get(CoverageReportService);
  });

  it('gives the content itself as JSON', async () => {
    await expect(service.render(twentyContracts, 'json')).resolves.toEqual({
      format: 'json',
      contentType: 'application/json',
      body: twentyContracts,
    });
  });

  it('gives the PDF with its media type and a file name', async () => {
    const rendered = await service.render(twentyContracts, 'pdf');
    expect(rendered).toMatchObject({ format: 'pdf', contentType: 'application/pdf', fileName: 'coverage-report-2026-11-21.pdf' });
    expect((rendered.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
