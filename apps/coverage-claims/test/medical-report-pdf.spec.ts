import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { MedicalAnalysisSource, type MedicalReportDto } from '#contracts';
import { pdfPages } from '../../../test/support/pdf-text.js';
import { loadPdfFonts, type PdfFonts } from '../src/pdf/pdf-fonts.js';
import { medicalReportContentOf, NO_CHECKUPS_NOTICE } from '../src/medical/analysis/report/medical-report-content.js';
import { renderMedicalReportPdf } from '../src/medical/analysis/report/medical-report-pdf.js';
import { RISK_RULES_2026_11 } from '../src/medical/analysis/rules/v2026-11/index.js';
import { GENERATED_AT, sandboxAnalysis, TWENTY_CONTRACT_CUSTOMER } from './support/coverage-report-fixtures.js';
import { checkupsOf, REFERENCE_RANGES, GAPPY_COVERAGES, METABOLIC_SYNDROME, UNLIKE_UNIT_COVERAGES } from './support/medical-fixtures.js';

// The medical report PDF taken apart: text page by page with pdf.js (test/support/pdf-text.ts), fonts
// from the font dictionaries with pdf-lib.

let fonts: PdfFonts;
beforeAll(async () => {
  fonts = await loadPdfFonts();
});

const contentWith = (checkups: ReturnType<typeof checkupsOf>, coverages = GAPPY_COVERAGES): MedicalReportDto =>
  medicalReportContentOf({
    seq: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
    analysis: { ...sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER), coverages },
    source: MedicalAnalysisSource.SetAnalysis,
    receivedAt: GENERATED_AT,
    customer: { name: '홍길동', birthDate: '19850315', gender: 'M', maskedPhone: '010-****-1027' },
    checkups,
    rules: RISK_RULES_2026_11,
    referenceRanges: REFERENCE_RANGES,
    generatedAt: GENERATED_AT,
  });

/**
 * The composite (Type0) fonts, described as pdffonts does: a subset's name carries a six-letter tag,
 * CIDFontType2 is "CID TrueType", the program is embedded as FontFile2, ToUnicode maps glyphs to text.
 */
async function compositeFonts(pdf: Buffer) {
  const name = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFName).decodeText();
  const fontDicts = (await PDFDocument.load(pdf, { updateMetadata: false })).context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'));
  return fontDicts
    .filter((font) => name(font, 'Subtype') === 'Type0')
    .map((font) => {
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      return {
        name: name(font, 'BaseFont'),
        descendant: name(descendant, 'Subtype'),
        encoding: name(font, 'Encoding'),
        embedded: descendant.lookup(PDFName.of('FontDescriptor'), PDFDict).has(PDFName.of('FontFile2')),
        toUnicode: font.has(PDFName.of('ToUnicode')),
      };
    });
}

describe('medical report PDF', () => {
  it('renders open risks first, then the matrix, the drivers, the trend charts and the coverage table, in Korean with the embedded font', async () => {
    const content = contentWith(checkupsOf(METABOLIC_SYNDROME, 'M'));
    const pdf = await renderMedicalReportPdf(content, fonts);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = (await pdfPages(pdf)).map((page) => page.text);
    const cidTrueType = { descendant: 'CIDFontType2', encoding: 'Identity-H', embedded: true, toUnicode: true };
    expect(await compositeFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: expect.stringMatching(/^[A-Z]{6}\+NotoSansKR-Regular$/), ...cidTrueType },
        { name: expect.stringMatching(/^[A-Z]{6}\+NotoSansKR-Bold$/), ...cidTrueType },
      ]),
    );
    const text = pages.join('\n');
    const order = ['고객 정보', '주요 보장 공백 (4건)', '위험도 × 보장 매트릭스', '질병군별 위험 요인', '건강검진 추이', '보장 현황'].map(
      (title) => text.indexOf(title),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // page 1 opens with the open risks, the most urgent first
    expect(pages[0]).toContain('주요 보장 공백');
    expect(pages[0]).toMatch(/1\s+뇌\s+높음\s+뇌혈관질환\s+뇌혈관질환진단비\s+500만원\s+3,000만원\s+17%/);
    // masked customer on every page header; never the clear name or phone
    for (const page of pages) expect(page).toContain('홍*동 고객님');
    expect(text).not.toContain('홍길동');
    // the charts' titles, their band cut values and the years on their axes are text in the PDF
    for (const title of ['수축기 혈압', '공복혈당', 'HDL 콜레스테롤', '허리둘레', '체질량지수']) expect(text).toContain(title);
    expect(text).toMatch(/'16\s+'17/);
    expect(text).toContain('건강검진 결과 통보서');
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('shows each gap once, each short coverage with its amounts in its unit, and no sum of unlike amounts', async () => {
    const pages = (
      await pdfPages(await renderMedicalReportPdf(contentWith(checkupsOf(METABOLIC_SYNDROME, 'M'), UNLIKE_UNIT_COVERAGES), fonts))
    ).map((page) => page.text);
    const [first] = pages;
    expect(first).toContain('주요 보장 공백 (5건)');
    // 의료비: the yearly 실손 limit and the per-visit one, each on its line
    expect(first).toMatch(/실손의료비\(입원\)\s+3,000만원 \(연간 한도\)\s+5,000만원 \(연간 한도\)\s+60%/);
    expect(first).toMatch(/실손의료비\(통원\)\s+10만원 \(회당\)\s+20만원 \(회당\)\s+50%/);
    // 장해·간병: a lump sum (the amount alone) and a daily allowance
    expect(first).toMatch(/질병후유장해\s+2,000만원\s+5,000만원\s+40%/);
    expect(first).toMatch(/간병인사용일당\s+0원 \(1일당\)\s+10만원 \(1일당\)\s+0%/);
    expect(first).toMatch(/상해입원일당\s+2만원 \(1일당\)\s+3만원 \(1일당\)\s+67%/);
    expect(first).toMatch(/질병수술비\s+30만원 \(수술 1회당\)\s+100만원 \(수술 1회당\)\s+30%/);
    const text = pages.join('\n');
    // no sum of unlike amounts, and a lump sum is the amount alone
    for (const sum of ['5,020만원', '3,010만원', '5,010만원', '(정액)']) expect(text).not.toContain(sum);
    // each gap a row, its groups listed in it: 의료비 once (ranked 4th), with the four groups it pays for
    expect(first.match(/(?:^|\s)\d+\s+(장해·간병|수술비|입원비|의료비|뇌)\s/gm)?.map((row) => row.trim())).toEqual([
      '1 장해·간병',
      '2 수술비',
      '3 입원비',
      '4 의료비',
      '5 뇌',
    ]);
    const rowOf = (category: string, next: string) => first.slice(first.indexOf(category), next === '' ? undefined : first.indexOf(next));
    expect(rowOf('4 의료비', '5 뇌').match(/뇌혈관질환|심장질환|당뇨·대사질환|신장질환/g)).toEqual([
      '당뇨·대사질환',
      '뇌혈관질환',
      '심장질환',
      '신장질환',
    ]);
  });

  it('renders a report for a customer without check-ups that says so, with an empty charts section', async () => {
    const content = contentWith([]);
    const pages = (await pdfPages(await renderMedicalReportPdf(content, fonts))).map((page) => page.text);
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(NO_CHECKUPS_NOTICE.slice(0, 30));
    expect(text).toContain('건강검진 기록이 없어 추이 그래프가 없습니다.');
    expect(text).toContain('주요 보장 공백 (0건)');
    expect(text).toContain('판정 불가');
    expect(text).toContain('보장 현황');
    expect(text).not.toContain('질병군별 위험 요인');
  });
});
