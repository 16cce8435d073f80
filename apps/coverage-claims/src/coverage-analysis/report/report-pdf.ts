import PDFDocument from 'pdfkit';
import { CoverageStatusCode, type CoverageReportDto } from '#contracts';
import { formatAmount, formatDate, formatKoreaTime, formatWon, wrapLines } from './report-format.js';
import {
  A4,
  BODY_BOTTOM,
  BODY_TOP,
  COLOR,
  FONT,
  LEFT,
  MARGIN,
  PageLayout,
  TABLE_FONT_SIZE,
  WIDTH,
  withoutMargins,
  type Align,
} from './report-layout.js';
import type { ReportFonts } from './report-fonts.js';

// The report as an A4 portrait PDF (docs/coverage-analysis.md, "Report"). Pages are laid out by
// hand: every block asks for the room it needs and goes to the next page when the page has not got
// it, so nothing is drawn below the body; tables repeat their header row on every page they cover.
// Header and footer are drawn on every page at the end, once the page count is known. The layout
// helpers are exported for the other reports of the service (the medical report), which look the same;
// the page's measures and PageLayout are in report-layout.ts.

// Text on the status colours: white on red and green, dark on amber (white on amber is unreadable).
export const STATUS_TEXT: Readonly<Record<CoverageStatusCode, string>> = {
  [CoverageStatusCode.Bad]: '#FFFFFF',
  [CoverageStatusCode.Normal]: '#1F2933',
  [CoverageStatusCode.Good]: '#FFFFFF',
};

const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;
/** Lines a table cell shows at most; longer text ends in an ellipsis. */
const CELL_MAX_LINES = 4;

export interface Column {
  header: string;
  /** Points; one column per table has none and takes the rest of the width. */
  width?: number;
  align: Align;
}

export interface Pill {
  fill: string;
  color: string;
}

export interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
  pill?: Pill;
}

/** What the page header shows. */
export type ReportHeading = Pick<CoverageReportDto, 'title' | 'inquiryDate'> & { customer: { name: string } };

export type Row = { kind: 'group'; text: string } | { kind: 'data'; cells: Cell[]; muted?: boolean };

/** Renders the report content to a PDF, with the fonts embedded as subsets of the glyphs used. */
export function renderReportPdf(content: CoverageReportDto, fonts: ReportFonts): Promise<Buffer> {
  return renderA4Report(content, content.generatedAt, fonts, (layout) => {
    customerSection(layout, content);
    statusSection(layout, content);
    premiumSection(layout, content);
    coverageSection(layout, content);
    contractSection(layout, content);
    notes(layout, content);
  });
}

/**
 * The frame every report shares: an A4 portrait document with the fonts registered (embedded as
 * subsets of the glyphs used), the body drawn by `draw`, then the header and the footer with page
 * numbers on every page. Resolves to the PDF's bytes.
 */
export function renderA4Report(
  heading: ReportHeading,
  generatedAtIso: string,
  fonts: ReportFonts,
  draw: (layout: PageLayout) => void,
): Promise<Buffer> {
  const generatedAt = new Date(generatedAtIso);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: BODY_TOP, bottom: A4.height - BODY_BOTTOM, left: LEFT, right: LEFT },
    bufferPages: true,
    lang: 'ko-KR',
    displayTitle: true,
    info: { Title: heading.title, Subject: `${heading.title} ${heading.inquiryDate}`, CreationDate: generatedAt, ModDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // pdfkit takes a parsed fontkit font as it takes font bytes (PDFFontFactory.open); its types do not say so yet.
  doc.registerFont(FONT.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(FONT.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  draw(new PageLayout(doc));

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    pageHeader(doc, heading);
    pageFooter(doc, generatedAt, page - start + 1, count);
  }
  doc.end();
  return done;
}

export function sectionTitle(layout: PageLayout, title: string, keepWith: number): void {
  layout.ensure(22 + keepWith);
  layout.doc.rect(LEFT, layout.y + 2, 3, 12).fill(COLOR.brand);
  layout.text(title, LEFT + 8, layout.y, { font: FONT.bold, size: 11, color: COLOR.brand, lineBreak: false });
  layout.y += 20;
}

function customerSection(layout: PageLayout, content: CoverageReportDto): void {
  const { customer } = content;
  const pairs: [string, string][] = [
    ['고객명', customer.name],
    ['연락처', customer.phone],
    ['생년월일', `${formatDate(customer.birthDate)} (${customer.genderLabel})`],
    ['나이', `만 ${customer.age}세 (보험나이 ${customer.insuranceAge}세)`],
    ['조회일', formatDate(content.inquiryDate)],
    ['보유 계약', `${content.contracts.length}건 (정상 ${content.activeContractCount}건)`],
  ];
  labelValueGrid(layout, '고객 정보', pairs, 18);
}

/** A titled grid of label/value pairs, two to a row, ruled; `gapAfter` points below it. Both reports' customer section. */
export function labelValueGrid(layout: PageLayout, title: string, pairs: Array<[string, string]>, gapAfter: number): void {
  const rowHeight = 20;
  const labelWidth = 64;
  const half = WIDTH / 2;
  sectionTitle(layout, title, rowHeight * 3);
  const top = layout.y;
  pairs.forEach(([label, value], index) => {
    const x = LEFT + (index % 2) * half;
    const y = top + Math.floor(index / 2) * rowHeight;
    layout.doc.rect(x, y, labelWidth, rowHeight).fill(COLOR.labelFill);
    layout.text(label, x + 8, y + 5, { font: FONT.bold, size: 9, color: COLOR.muted, lineBreak: false });
    layout.line(value, x + labelWidth + 8, y + 5, { size: 9.5, width: half - labelWidth - 16 });
  });
  const rows = Math.ceil(pairs.length / 2);
  layout.doc.lineWidth(0.5).strokeColor(COLOR.rule);
  for (let row = 0; row <= rows; row++)
    layout.doc
      .moveTo(LEFT, top + row * rowHeight)
      .lineTo(LEFT + WIDTH, top + row * rowHeight)
      .stroke();
  layout.y = top + rows * rowHeight + gapAfter;
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
  sectionTitle(layout, '보험료 요약 (정상 계약 기준)', boxHeight + 12);
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
  layout.y = top + boxHeight + 18;
}

function coverageSection(layout: PageLayout, content: CoverageReportDto): void {
  const columns: Column[] = [
    { header: '담보', align: 'left' },
    { header: '가입금액', width: 80, align: 'right' },
    { header: '권장금액', width: 80, align: 'right' },
    { header: '한도', width: 80, align: 'right' },
    { header: '충족률', width: 44, align: 'right' },
    { header: '상태', width: 46, align: 'center' },
  ];
  const rows: Row[] = [];
  for (const category of content.categories) {
    rows.push({ kind: 'group', text: `${category.name} (${category.coverages.length})` });
    for (const coverage of category.coverages) {
      rows.push({
        kind: 'data',
        cells: [
          { text: coverage.name },
          {
            text: formatAmount(coverage.held),
            bold: true,
            color: coverage.status === CoverageStatusCode.Good ? COLOR.ink : coverage.statusColor,
          },
          { text: formatAmount(coverage.recommended) },
          { text: formatAmount(coverage.limit), color: COLOR.muted },
          { text: coverage.heldPercent === null ? '-' : `${coverage.heldPercent}%` },
          { text: coverage.statusLabel, pill: { fill: coverage.statusColor, color: STATUS_TEXT[coverage.status] } },
        ],
      });
    }
  }
  sectionTitle(layout, '담보별 보장 현황', 40);
  drawTable(layout, columns, rows);
  layout.y += 18;
}

function contractSection(layout: PageLayout, content: CoverageReportDto): void {
  const columns: Column[] = [
    { header: 'No', width: 22, align: 'center' },
    { header: '보험사', width: 70, align: 'left' },
    { header: '상품명', align: 'left' },
    { header: '계약일', width: 54, align: 'center' },
    { header: '만기일', width: 54, align: 'center' },
    { header: '상태', width: 32, align: 'center' },
    { header: '납입', width: 58, align: 'center' },
    { header: '보험료', width: 66, align: 'right' },
  ];
  const rows: Row[] = content.contracts.map((contract) => ({
    kind: 'data',
    muted: !contract.active,
    cells: [
      { text: String(contract.number) },
      { text: contract.insurerName },
      { text: contract.productName },
      { text: formatDate(contract.startDate) },
      { text: formatDate(contract.endDate) },
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
  drawTable(layout, columns, rows);
  layout.y += 6;
  layout.ensure(12);
  layout.line('회색 계약(실효·만기·해지)은 가입금액과 보험료 합계에 들어가지 않습니다.', LEFT, layout.y, {
    size: 7.5,
    color: COLOR.muted,
    width: WIDTH,
  });
  layout.y += 18;
}

function paymentText(cycle: string | null, years: number): string {
  if (cycle === null) return '-';
  return years > 0 ? `${cycle} ${years}년` : cycle;
}

function notes(layout: PageLayout, content: CoverageReportDto): void {
  const lines = [
    '가입금액은 정상 계약의 같은 담보 보장금액을 더한 값이며, 권장금액과 한도는 고객의 나이와 성별에 따른 기준입니다.',
    `상태는 가입금액을 권장금액과 견준 것입니다: ${content.statuses.map((status) => `${status.label} ${status.description}`).join(', ')}.`,
    '이 리포트는 조회일 현재 확인된 계약을 바탕으로 한 참고 자료이며, 보험금 지급을 보장하지 않습니다.',
  ];
  const wrapped = lines.map((line) => layout.wrap(`※ ${line}`, WIDTH, FONT.regular, 7.5));
  const lineHeight = layout.lineHeight(FONT.regular, 7.5);
  layout.ensure(wrapped.reduce((sum, note) => sum + note.length * lineHeight + 3, 0));
  for (const note of wrapped) {
    layout.y += layout.lines(note, LEFT, layout.y, { size: 7.5, color: COLOR.muted, width: WIDTH }) + 3;
  }
}

/**
 * A table that runs over as many pages as it needs: the header row on top of every page, a group
 * row kept with the row after it and repeated (계속) when its rows continue on the next page, each
 * row as high as its longest cell wraps (at most CELL_MAX_LINES lines, so a row always fits a page).
 */
export function drawTable(layout: PageLayout, columns: Column[], rows: Row[]): void {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const widths = columns.map((column) => column.width ?? WIDTH - fixed);
  const xs = widths.map((_, index) => LEFT + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const lineHeight = layout.lineHeight(FONT.regular, TABLE_FONT_SIZE);
  const headerHeight = lineHeight + 2 * CELL_PAD_Y + 2;
  const groupHeight = lineHeight + 2 * CELL_PAD_Y;

  type Laid = { row: Extract<Row, { kind: 'data' }>; lines: string[][]; height: number };
  const lay = (row: Extract<Row, { kind: 'data' }>): Laid => {
    const lines = row.cells.map((cell, index) =>
      cell.pill
        ? [cell.text]
        : layout.wrap(cell.text, widths[index]! - 2 * CELL_PAD_X, cell.bold ? FONT.bold : FONT.regular, TABLE_FONT_SIZE, CELL_MAX_LINES),
    );
    return { row, lines, height: Math.max(...lines.map((cellLines) => cellLines.length), 1) * lineHeight + 2 * CELL_PAD_Y };
  };

  const drawHeader = () => {
    layout.doc.rect(LEFT, layout.y, WIDTH, headerHeight).fill(COLOR.brand);
    columns.forEach((column, index) => {
      layout.lines([column.header], xs[index]! + CELL_PAD_X, layout.y + CELL_PAD_Y + 1, {
        font: FONT.bold,
        size: TABLE_FONT_SIZE,
        color: '#FFFFFF',
        width: widths[index]! - 2 * CELL_PAD_X,
        align: column.align,
      });
    });
    layout.y += headerHeight;
  };

  const drawGroup = (text: string) => {
    layout.doc.rect(LEFT, layout.y, WIDTH, groupHeight).fill(COLOR.band);
    layout.lines([text], LEFT + CELL_PAD_X, layout.y + CELL_PAD_Y, {
      font: FONT.bold,
      size: TABLE_FONT_SIZE,
      color: COLOR.brand,
      width: WIDTH - 2 * CELL_PAD_X,
    });
    layout.y += groupHeight;
  };

  const drawRow = ({ row, lines, height }: Laid, zebra: boolean) => {
    if (zebra) layout.doc.rect(LEFT, layout.y, WIDTH, height).fill(COLOR.zebra);
    row.cells.forEach((cell, index) => {
      const x = xs[index]! + CELL_PAD_X;
      const width = widths[index]! - 2 * CELL_PAD_X;
      if (cell.pill) {
        drawPill(layout, cell.text, x + (width - 30) / 2, layout.y + (height - 12) / 2, 30, cell.pill);
        return;
      }
      layout.lines(lines[index]!, x, layout.y + CELL_PAD_Y, {
        font: cell.bold ? FONT.bold : FONT.regular,
        size: TABLE_FONT_SIZE,
        color: row.muted ? COLOR.inactive : (cell.color ?? COLOR.ink),
        width,
        align: columns[index]!.align,
      });
    });
    layout.doc
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .moveTo(LEFT, layout.y + height)
      .lineTo(LEFT + WIDTH, layout.y + height)
      .stroke();
    layout.y += height;
  };

  const laid = rows.map((row) => (row.kind === 'data' ? lay(row) : row));
  const firstData = laid.find((entry): entry is Laid => 'lines' in entry);
  layout.ensure(headerHeight + groupHeight + (firstData?.height ?? 0));
  drawHeader();
  let group: string | null = null;
  let zebra = false;
  laid.forEach((entry, index) => {
    if (!('lines' in entry)) {
      const next = laid[index + 1];
      if (layout.ensure(groupHeight + (next && 'lines' in next ? next.height : 0))) drawHeader();
      group = entry.text;
      zebra = false;
      drawGroup(entry.text);
      return;
    }
    if (layout.ensure(entry.height)) {
      drawHeader();
      if (group !== null) drawGroup(`${group} (계속)`);
    }
    drawRow(entry, zebra);
    zebra = !zebra;
  });
}

export function drawPill(layout: PageLayout, text: string, x: number, y: number, width: number, pill: Pill): void {
  layout.doc.roundedRect(x, y, width, 12, 6).fill(pill.fill);
  layout.lines([text], x, y + 1.5, { font: FONT.bold, size: 7, color: pill.color, width, align: 'center' });
}

/** The title on the left, the masked name and the inquiry date on the right, a rule under them. */
export function pageHeader(doc: PDFKit.PDFDocument, content: ReportHeading): void {
  withoutMargins(doc, () => {
    doc.font(FONT.bold).fontSize(13).fillColor(COLOR.brand).text(content.title, LEFT, MARGIN, { lineBreak: false });
    // Right of the title (about 100 points wide), cut when a long name would run into it.
    const width = WIDTH - 140;
    doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
    const [caption = ''] = wrapLines(
      `${content.customer.name} 고객님 · 조회일 ${formatDate(content.inquiryDate)}`,
      width,
      (text) => doc.widthOfString(text),
      1,
    );
    doc.text(caption, LEFT + WIDTH - doc.widthOfString(caption), MARGIN + 5, { lineBreak: false });
    doc
      .lineWidth(1)
      .strokeColor(COLOR.brand)
      .moveTo(LEFT, MARGIN + 24)
      .lineTo(LEFT + WIDTH, MARGIN + 24)
      .stroke();
  });
}

export function pageFooter(doc: PDFKit.PDFDocument, generatedAt: Date, page: number, pages: number): void {
  withoutMargins(doc, () => {
    const y = BODY_BOTTOM + 6;
    doc
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .moveTo(LEFT, y)
      .lineTo(LEFT + WIDTH, y)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    doc.text(`생성 ${formatKoreaTime(generatedAt)}`, LEFT, y + 4, { lineBreak: false });
    const pageText = `${page} / ${pages}`;
    doc.text(pageText, LEFT + WIDTH - doc.widthOfString(pageText), y + 4, { lineBreak: false });
  });
}
