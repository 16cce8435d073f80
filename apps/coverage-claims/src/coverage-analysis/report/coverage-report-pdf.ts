import type { CoverageReportDto } from '#contracts';
import { caption, drawPill, notes, sectionTitle } from '../../pdf/pdf-blocks.js';
import { customerGrid, coverageTable, renderCustomerReport, STATUS_TEXT } from '../../pdf/customer-report.js';
import type { PdfSection } from '../../pdf/pdf-document.js';
import type { PdfFonts } from '../../pdf/pdf-fonts.js';
import { formatDate, formatWon } from '../../pdf/pdf-format.js';
import { COLOR, FONT, LEFT, WIDTH, type PageLayout } from '../../pdf/pdf-layout.js';
import { drawTable, type Column, type Row } from '../../pdf/pdf-table.js';
import { LIFETIME_END_DATE } from '../../integrations/insurance-data/insurance-data.port.js';
import {
  contractTitle,
  coverByAgeSection,
  indemnitySection,
  insightsCalloutSection,
  premiumBurdenSection,
  renewalsSection,
} from './coverage-insights-pdf.js';

// The coverage report as an A4 portrait PDF (docs/decisions/coverage-analysis.md, "Report"): its sections, drawn
// one after another on the customer reports' frame (pdf/customer-report.ts); those on the insights
// (coverage-insights-pdf.ts) only when the content has them. Every block asks for the room it needs
// and goes to the next page when the page has not got it; tables repeat their header row on every
// page they cover.

const SECTIONS: readonly PdfSection<CoverageReportDto>[] = [
  customerSection,
  insightsCalloutSection,
  statusSection,
  premiumSection,
  (layout, content) => coverageTable(layout, content.categories, { title: '담보별 보장 현황', limit: true, gapAfter: 18 }),
  coverByAgeSection,
  contractSection,
  premiumBurdenSection,
  renewalsSection,
  indemnitySection,
  notesSection,
];

/** Renders the report content to a PDF, with the fonts embedded as subsets of the glyphs used. */
export function renderReportPdf(content: CoverageReportDto, fonts: PdfFonts): Promise<Buffer> {
  return renderCustomerReport(content, SECTIONS, fonts);
}

function customerSection(layout: PageLayout, content: CoverageReportDto): void {
  customerGrid(
    layout,
    content.customer,
    [
      ['조회일', formatDate(content.inquiryDate)],
      ['보유 계약', `${content.contracts.length}건 (정상 ${content.activeContractCount}건)`],
    ],
    18,
  );
}

function statusSection(layout: PageLayout, content: CoverageReportDto): void {
  const boxHeight = 46;
  sectionTitle(layout, `보장 현황 (분석 담보 ${content.coverageCount}개)`, boxHeight + 16);
  const top = layout.y;
  const gap = 10;
  const boxWidth = (WIDTH - gap * (content.statuses.length - 1)) / content.statuses.length;
  content.statuses.forEach((status, index) => {
    const x = LEFT + index * (boxWidth + gap);
    layout.doc.roundedRect(x, top, boxWidth, boxHeight, 4).lineWidth(1).strokeColor(status.color).stroke();
    layout.doc.roundedRect(x, top, 6, boxHeight, 0).fill(status.color);
    drawPill(layout, status.label, x + 14, top + 8, 34, { fill: status.color, color: STATUS_TEXT[status.status] });
    layout.text(`${status.count}개`, x + 54, top + 5, { font: FONT.bold, size: 14, color: COLOR.ink, lineBreak: false });
    layout.line(status.description, x + 14, top + 29, { size: 7.5, color: COLOR.muted, width: boxWidth - 20 });
  });
  layout.y = top + boxHeight + 18;
}

function premiumSection(layout: PageLayout, content: CoverageReportDto): void {
  const { premiums } = content;
  const boxHeight = 44;
  const excluded =
    premiums.excluded.length === 0
      ? []
      : layout.wrap(
          `월 보험료에서 제외: ${premiums.excluded.map((contract) => `${contract.number}. ${contractTitle(contract)} (${contract.reasonLabel})`).join(', ')}`,
          WIDTH,
          FONT.regular,
          8,
        );
  const excludedHeight = excluded.length * layout.lineHeight(FONT.regular, 8);
  sectionTitle(layout, '보험료 요약 (정상 계약 기준)', boxHeight + 12 + excludedHeight);
  const items: [string, number][] = [
    ['월 보험료', premiums.monthly],
    ['납입한 보험료', premiums.paid],
    ['남은 보험료', premiums.future],
    ['총 보험료', premiums.total],
  ];
  const top = layout.y;
  const gap = 8;
  const boxWidth = (WIDTH - gap * (items.length - 1)) / items.length;
  items.forEach(([label, value], index) => {
    const x = LEFT + index * (boxWidth + gap);
    layout.doc.roundedRect(x, top, boxWidth, boxHeight, 4).fill(index === 0 ? COLOR.brand : COLOR.labelFill);
    const ink = index === 0 ? '#FFFFFF' : COLOR.ink;
    layout.text(label, x + 10, top + 7, { size: 8, color: index === 0 ? '#DCE3EC' : COLOR.muted, lineBreak: false });
    layout.line(formatWon(value), x + 10, top + 21, { font: FONT.bold, size: 12, color: ink, width: boxWidth - 20 });
  });
  layout.y = top + boxHeight + 6;
  if (excluded.length > 0) layout.y += layout.lines(excluded, LEFT, layout.y, { size: 8, color: COLOR.ink, width: WIDTH }) + 2;
  layout.y += 12;
}

const CONTRACT_COLUMNS: Column[] = [
  { header: 'No', width: 22, align: 'center' },
  { header: '보험사', width: 70, align: 'left' },
  { header: '상품명', align: 'left' },
  ...['계약일', '만기일'].map((header): Column => ({ header, width: 54, align: 'center' })),
  { header: '상태', width: 32, align: 'center' },
  { header: '납입', width: 58, align: 'center' },
  { header: '보험료', width: 66, align: 'right' },
];

function contractSection(layout: PageLayout, content: CoverageReportDto): void {
  const rows: Row[] = content.contracts.map((contract) => ({
    kind: 'data',
    muted: !contract.active,
    cells: [
      { text: String(contract.number) },
      { text: contract.insurerName },
      { text: contract.productName },
      { text: formatDate(contract.startDate) },
      { text: contract.endDate.replaceAll('-', '') === LIFETIME_END_DATE ? '종신' : formatDate(contract.endDate) },
      { text: contract.state, bold: contract.active },
      { text: paymentText(contract.paymentCycle, contract.paymentPeriodYears) },
      { text: formatWon(contract.premium) },
    ],
  }));
  sectionTitle(layout, `보유 계약 현황 (${content.contracts.length}건)`, 40);
  if (rows.length === 0) {
    layout.text('조회된 계약이 없습니다.', LEFT, layout.y, { size: 9, color: COLOR.muted });
    layout.y += 20;
    return;
  }
  drawTable(layout, CONTRACT_COLUMNS, rows, { keepAfter: 18 });
  layout.y += 6;
  caption(layout, '회색 계약(실효·만기·해지)은 가입금액과 보험료 합계에 들어가지 않습니다.', 7.5, 18);
}

function paymentText(cycle: string | null, years: number): string {
  if (cycle === null) return '-';
  return years > 0 ? `${cycle} ${years}년` : cycle;
}

function notesSection(layout: PageLayout, content: CoverageReportDto): void {
  notes(layout, [
    '가입금액은 정상 계약의 같은 담보 보장금액을 더한 값이며, 권장금액과 한도는 고객의 나이와 성별에 따른 기준입니다.',
    `상태는 가입금액을 권장금액과 견준 것입니다: ${content.statuses.map((status) => `${status.label} ${status.description}`).join(', ')}.`,
    ...(content.insights === null
      ? []
      : [
          `연령별 보장 변화, 보험료 부담, 갱신 예정, 실손의료비 중복은 계약의 담보 기간·갱신 주기·납입 정보로 계산한 것입니다 (기준 버전 ${content.insights.version}).`,
        ]),
    '이 리포트는 조회일 현재 확인된 계약을 바탕으로 한 참고 자료이며, 보험금 지급을 보장하지 않습니다.',
  ]);
}
