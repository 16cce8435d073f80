import { Test } from '@nestjs/testing';
import type { CoverageAnalysisDto, CoverageInsightsDto, CoverageReportDto } from '#contracts';
import { pdfPages, pdfText } from '../../../test/support/pdf-text.js';
import { AnalysesService } from '../src/coverage-analysis/analyses.service.js';
import { PdfModule } from '../src/pdf/pdf.module.js';
import { CoverageReportService } from '../src/coverage-analysis/report/coverage-report.service.js';
import { reportContentOf, reportCustomerOf } from '../src/coverage-analysis/report/report-content.js';
import { loadPdfFonts, type PdfFonts } from '../src/pdf/pdf-fonts.js';
import { renderReportPdf } from '../src/coverage-analysis/report/coverage-report-pdf.js';
import {
  GENERATED_AT,
  handMadeInsights,
  insightsAnalysis,
  ONE_CONTRACT_CUSTOMER,
  sandboxAnalysis,
  TWENTY_CONTRACT_CUSTOMER,
} from './support/coverage-report-fixtures.js';

// The report PDF, taken apart: structure and fonts from the bytes, text and the boxes of its runs of
// text through pdf.js (test/support/pdf-text.ts).

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;

let fonts: PdfFonts;
beforeAll(async () => {
  fonts = await loadPdfFonts();
});

const contentOf = (analysis: CoverageAnalysisDto, insights: CoverageInsightsDto | null = null): CoverageReportDto =>
  reportContentOf(analysis, reportCustomerOf(analysis), GENERATED_AT, insights);
const twentyContracts = contentOf(sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER));
/** The hand-made portfolio with every insight, with its insights and (as an analysis stored before them) without. */
const withInsights = contentOf(insightsAnalysis(), handMadeInsights());
const withoutInsights = contentOf(insightsAnalysis());

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
    for (const content of [twentyContracts, longNamesContent(), withInsights]) {
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

describe('coverage report PDF with insights', () => {
  /** The new sections' headings. */
  const HEADINGS = [
    '확인이 필요한 사항',
    '연령별 보장 변화 (만 41세부터 100세까지)',
    '60·70·80세에 권장금액에 못 미치는 담보',
    '보험료 부담',
    '월 보험료 구성 (합계 472,300원)',
    '납입 현황 (정상 계약의 납입기간 전체)',
    '소득 대비 보험료',
    '연도별 납입 보험료 (단위: 만원)',
    '계약별 납입',
    '갱신 예정 (10년 내 19회)',
    '실손의료비 중복 가입 (중복분 월 18,900원)',
  ];

  it('calls out duplicate 실손 and the renewals ahead on the first page, after the customer block', async () => {
    const [first] = await pdfPages(await renderReportPdf(withInsights, fonts));
    const lines = first!.lines;
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('고객 정보')).toBeLessThan(at('확인이 필요한 사항'));
    expect(at('확인이 필요한 사항')).toBeLessThan(at('보장 현황'));
    for (const expected of [
      '실손의료비 중복 가입',
      '홍*동 님 실손 2건 · 중복분 월 보험료 18,900원',
      '비례보상',
      '앞으로 10년간 갱신 19회 (갱신형 계약·특약 5건)',
      '다음 갱신: 2027.07.01 · 2. DB손해보험 DB 실손의료비보험 · 계약 전체 · 1년 주기',
    ]) {
      expect(first!.text).toContain(expected);
    }
  });

  it('draws the premium burden: the split by purpose, paid and left, the income share with its references, the timeline by year and each contract', async () => {
    const pages = await pdfPages(await renderReportPdf(withInsights, fonts));
    const page = pages.find((candidate) => candidate.text.includes('보험료 부담'))!;
    for (const expected of [
      '보장성 272,300원 (58%)',
      '저축성 0원 (0%)',
      '연금 200,000원 (42%)',
      '납입한 보험료 48,808,700원 (51%) · 남은 보험료 46,303,300원 · 합계 95,112,000원',
      '월 소득 400만원 중 월 보험료 472,300원: 11.8%',
      '적정 보험료 수준(소득 대비): 8~10% (금융소비자연맹, 2018)',
      '가구 소득 대비 보험료 비중(평균): 6.5% (보험연구원, 2022)',
      '참고용 지표이며',
    ]) {
      expect(page.text).toContain(expected);
    }
    // The timeline: every year under its bar, the amounts in 만원 over them (2027: 5,667,600원).
    const words = page.runs.map((run) => run.text);
    for (let year = 2026; year <= 2043; year++) expect(words).toContain(String(year));
    expect(words).toContain('567');
    expect(words).toContain('20');
    const text = pages.map((candidate) => candidate.text).join('\n');
    expect(text).toMatch(/7\s+교보생명 무배당 정기보험\s+보장성\s+0원\s+납입완료/);
    expect(text).toMatch(/5\s+삼성생명 무배당 종신보험\s+보장성\s+150,000원\s+120 \/ 240\s+18,000,000원\s+2036\.11\.01/);
  });

  it('charts the cover by age per category held, with its unit in the legend, and tables the shortfalls at 60, 70 and 80', async () => {
    const text = await pdfText(await renderReportPdf(withInsights, fonts));
    for (const expected of [
      '일반암진단비 5,000만원 → 65세 0원',
      '유사암진단비 1,000만원 → 65세 0원',
      '일반사망 1억 5,000만원 → 60세 1억원',
      '실손의료비(통원) (회당) 60만원 → 100세 20만원',
      '보유 담보가 없는 분류: 장해·간병, 입원비, 운전자, 주택/생활, 치아',
      '60세 (보유 / 권장)',
      '80세 (보유 / 권장)',
    ]) {
      expect(text).toContain(expected);
    }
    // 일반암진단비 is enough at 60, short from 65 on; 뇌출혈진단비 short at every age, nothing from 80.
    expect(text).toMatch(/일반암진단비\s+충족\s+0원 \/ 2,000만원\s+0원 \/ 2,000만원/);
    expect(text).toMatch(/뇌출혈진단비\s+2,000만원 \/ 3,000만원\s+2,000만원 \/ 3,000만원\s+0원 \/ 3,000만원/);
    expect(text).toMatch(/간병인사용일당 \(1일당\)\s+0원 \/ 10만원/);
  });

  it('tables the renewals and the duplicate 실손 per insured person, the kept contract marked, names masked', async () => {
    const text = await pdfText(await renderReportPdf(withInsights, fonts));
    expect(text).toMatch(/2\s+DB손해보험 DB 실손의료비보험\s+계약 전체 \(실손의료비\(입원\),\s+1년\s+2027\.07\.01\s+10회\s+18,900원/);
    expect(text).toMatch(/1\s+KB손해보험 KB 무배당 건강보험\s+질병수술비\(갱신형\)\s+미상\s+-\s+-\s+65,000원/);
    expect(text).toContain('홍*동 님 · 실손 2건 · 중복분 월 보험료 18,900원');
    expect(text).toMatch(/6\s+현대해상 실손의료비보험\s+2016\.04\.01\s+23,400원\s+기준/);
    expect(text).toMatch(/2\s+DB손해보험 DB 실손의료비보험\s+2021\.07\.01\s+18,900원\s+중복/);
    expect(text).not.toContain('홍길동');
    expect(text).not.toContain('김영희');
  });

  it('draws its charts as paths: the PDF holds no image', async () => {
    const pdf = (await renderReportPdf(withInsights, fonts)).toString('latin1');
    expect(pdf).not.toContain('/Subtype /Image');
  });

  it('shows none of the insights’ sections for an analysis without insights, and keeps the rest as it was', async () => {
    const pdf = await renderReportPdf(withoutInsights, fonts);
    const text = await pdfText(pdf);
    for (const heading of HEADINGS) expect(text).not.toContain(heading);
    expect(text).not.toContain('→');
    for (const expected of ['고객 정보', '보장 현황 (분석 담보 27개)', '보험료 요약', '담보별 보장 현황', '보유 계약 현황 (7건)']) {
      expect(text).toContain(expected);
    }
    expect(pageCount(pdf)).toBe(2);
    const full = await pdfText(await renderReportPdf(withInsights, fonts));
    for (const heading of HEADINGS) expect(full).toContain(heading);
  });

  it('has no call-out box when nobody holds two 실손 and nothing renews', async () => {
    const insights = handMadeInsights();
    insights.indemnity = { ...insights.indemnity, duplicated: false, people: [], surplusMonthlyPremium: 0, message: null };
    insights.renewals = { ...insights.renewals, items: [], renewalsInHorizon: 0 };
    const text = await pdfText(await renderReportPdf(contentOf(insightsAnalysis(), insights), fonts));
    expect(text).not.toContain('확인이 필요한 사항');
    expect(text).not.toContain('실손의료비 중복 가입');
    expect(text).not.toContain('갱신 예정 (');
    expect(text).toContain('보험료 부담');
  });

  it('says which active contract the monthly premium leaves out, and why, under the premium boxes, with or without insights', async () => {
    for (const content of [withInsights, withoutInsights]) {
      const [first] = await pdfPages(await renderReportPdf(content, fonts));
      const lines = first!.lines;
      const excluded = lines.findIndex((line) => line === '월 보험료에서 제외: 7. 교보생명 무배당 정기보험 (납입완료)');
      expect(excluded).toBeGreaterThan(lines.findIndex((line) => line.includes('95,112,000원')));
      expect(excluded).toBeLessThan(lines.findIndex((line) => line.includes('담보별 보장 현황')));
    }
  });

  it('writes a 종신 contract’s end as 종신', async () => {
    const text = await pdfText(await renderReportPdf(withoutInsights, fonts));
    expect(text).toMatch(/삼성생명 무배당 종신보험\s+2016\.12\.01\s+종신/);
    expect(text).not.toContain('9999');
  });

  it('fits the report with every insight on at most seven pages', async () => {
    expect(pageCount(await renderReportPdf(withInsights, fonts))).toBeLessThanOrEqual(7);
  });
});

describe('CoverageReportService', () => {
  let service: CoverageReportService;
  beforeAll(async () => {
    // Rendering reads no analysis: the content is given (the HTTP tests go through AnalysesService).
    const moduleRef = await Test.createTestingModule({
      imports: [PdfModule],
      providers: [CoverageReportService, { provide: AnalysesService, useValue: {} }],
    }).compile();
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
