import {
  COVERAGE_UNIT_LABELS,
  CoverageStatusCode,
  MeasurementBand,
  MedicalAnalysisSource,
  RiskLevel,
  type CoverageUnit,
  type MedicalReportDto,
  type OpenRiskDto,
  type TrendChartDto,
} from '#contracts';
import { caption, drawPill, emptyNote, notes, sectionTitle, type Pill } from '../../../pdf/pdf-blocks.js';
import {
  coverageTable,
  customerGrid,
  formatAmountWithUnit,
  renderCustomerReport,
  statusColor,
  statusPill,
} from '../../../pdf/customer-report.js';
import type { PdfSection } from '../../../pdf/pdf-document.js';
import type { PdfFonts } from '../../../pdf/pdf-fonts.js';
import { formatAmount, formatDate, formatKoreaTime } from '../../../pdf/pdf-format.js';
import { COLOR, FONT, LEFT, TABLE_FONT_SIZE, WIDTH, type PageLayout } from '../../../pdf/pdf-layout.js';
import { drawTable, type Column, type Row } from '../../../pdf/pdf-table.js';
import { BAND_LABELS, LEVELS } from '../model/medical-analysis.js';

// The medical report as an A4 portrait PDF (docs/decisions/medical-analysis.md, "Reports"): its sections on the
// customer reports' frame (pdf/customer-report.ts), so that it reads like the coverage report: open
// risks first, then the risk-versus-coverage matrix, the drivers per group, the check-up trend charts
// (vector paths with the judgement bands shaded behind them) and the coverage table.

const STATUS_LABEL: Readonly<Record<CoverageStatusCode, string>> = {
  [CoverageStatusCode.Bad]: '부족',
  [CoverageStatusCode.Normal]: '보통',
  [CoverageStatusCode.Good]: '적절',
};
const BAND_COLOR: Readonly<Record<MeasurementBand, { solid: string; shade: string; text: string }>> = {
  [MeasurementBand.NormalA]: { solid: '#2E7D32', shade: '#DCEFDD', text: '#2E7D32' },
  [MeasurementBand.Borderline]: { solid: '#F0A202', shade: '#FCEAC0', text: '#A86400' },
  [MeasurementBand.DiseaseSuspected]: { solid: '#C62828', shade: '#F6D3D3', text: '#C62828' },
};
const OPEN_FILL = '#FBE3E3';

const levelPill = (level: RiskLevel): Pill => ({
  fill: LEVELS[level].color,
  color: level === RiskLevel.Moderate ? COLOR.ink : '#FFFFFF',
});

const SECTIONS: readonly PdfSection<MedicalReportDto>[] = [
  customerSection,
  noticeSection,
  openRiskSection,
  matrixSection,
  driverSection,
  chartSection,
  (layout, content) =>
    coverageTable(layout, content.coverageTable, { title: '보장 현황', limit: false, empty: '분석된 담보가 없습니다.', gapAfter: 16 }),
  notesSection,
];

/** Renders the medical report content to a PDF, with the fonts embedded as subsets of the glyphs used. */
export function renderMedicalReportPdf(content: MedicalReportDto, fonts: PdfFonts): Promise<Buffer> {
  return renderCustomerReport(content, SECTIONS, fonts);
}

function customerSection(layout: PageLayout, content: MedicalReportDto): void {
  const { customer, checkups } = content;
  const years = checkups.years;
  const checkupText =
    checkups.count === 0 ? '기록 없음' : `${checkups.count}회 (${years[0]}${years.length > 1 ? `~${years[years.length - 1]}` : ''}년)`;
  const sourceText =
    content.analysisSource === MedicalAnalysisSource.SetAnalysis && content.analysisReceivedAt !== null
      ? `${formatDate(content.inquiryDate)} (전송 ${formatKoreaTime(new Date(content.analysisReceivedAt)).slice(0, 10)})`
      : `${formatDate(content.inquiryDate)} (저장된 분석)`;
  customerGrid(
    layout,
    customer,
    [
      ['건강검진', checkupText],
      ['보장분석', sourceText],
    ],
    14,
  );
}

function noticeSection(layout: PageLayout, { checkups }: MedicalReportDto): void {
  const text = checkups.notice;
  if (text === null) return;
  const lines = layout.wrap(text, WIDTH - 24, FONT.bold, 9);
  const height = lines.length * layout.lineHeight(FONT.bold, 9) + 16;
  layout.ensure(height);
  layout.doc.roundedRect(LEFT, layout.y, WIDTH, height, 4).fillAndStroke('#FFF8E6', '#F0A202');
  layout.lines(lines, LEFT + 12, layout.y + 8, { font: FONT.bold, size: 9, color: COLOR.ink, width: WIDTH - 24 });
  layout.y += height + 14;
}

/**
 * 주요 보장 공백, one row per gap: its rank and category (with its status), the elevated groups that
 * make it a risk (each with its level and the measurements that raised it), and each short coverage on
 * a line of its own with its amounts in its unit (20만원 (회당)), never a sum of unlike amounts.
 * Drawn here rather than with drawTable: a row's coverages are lines inside one row.
 */
function openRiskSection(layout: PageLayout, content: MedicalReportDto): void {
  sectionTitle(layout, `주요 보장 공백 (${content.openRisks.length}건)`, 60);
  if (content.openRisks.length === 0) {
    const sentence =
      content.checkups.count === 0
        ? '건강검진 기록이 없어 위험도와 보장을 견주지 못했습니다.'
        : '위험도가 주의 이상인 질병군에 부족하거나 보통인 보장이 없습니다.';
    emptyNote(layout, sentence);
    return;
  }
  const table = gapTable(layout);
  table.header();
  content.openRisks.forEach((risk, index) => table.row(risk, index % 2 === 1));
  layout.y += 4;
  caption(
    layout,
    '금액은 담보마다 그 단위로 적었습니다 (정액은 금액만). 단위가 다른 금액은 더하지 않습니다. 충족률: 가입금액 ÷ 권장금액, 반올림.',
    7,
    18,
  );
}

const GAP_PAD = { x: 4, y: 4 };
const GAP_COLUMNS: readonly Column[] = [
  { header: '순위', width: 22, align: 'center' },
  { header: '보장 공백', width: 52, align: 'left' },
  { header: '위험 질병군 · 주요 요인', width: 142, align: 'left' },
  { header: '담보', align: 'left' },
  { header: '가입금액', width: 84, align: 'right' },
  { header: '권장금액', width: 84, align: 'right' },
  { header: '충족률', width: 34, align: 'right' },
];
const DRIVER_SIZE = 7;
const LEVEL_PILL_WIDTH = 26;

/** The gap table's header and rows, which break pages row by row (the header again on a new page). */
function gapTable(layout: PageLayout): { header(): void; row(risk: OpenRiskDto, zebra: boolean): void } {
  const fixed = GAP_COLUMNS.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const widths = GAP_COLUMNS.map((column) => column.width ?? WIDTH - fixed);
  const xs = widths.map((_, index) => LEFT + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const inner = (index: number) => widths[index]! - 2 * GAP_PAD.x;
  const lineHeight = layout.lineHeight(FONT.regular, TABLE_FONT_SIZE);
  const driverHeight = layout.lineHeight(FONT.regular, DRIVER_SIZE);
  const headerHeight = lineHeight + 2 * GAP_PAD.y + 1;

  const header = () => {
    layout.doc.rect(LEFT, layout.y, WIDTH, headerHeight).fill(COLOR.brand);
    GAP_COLUMNS.forEach((column, index) => {
      layout.lines([column.header], xs[index]! + GAP_PAD.x, layout.y + GAP_PAD.y + 0.5, {
        font: FONT.bold,
        size: TABLE_FONT_SIZE,
        color: '#FFFFFF',
        width: inner(index),
        align: column.align,
      });
    });
    layout.y += headerHeight;
  };

  const row = (risk: OpenRiskDto, zebra: boolean) => {
    const category = layout.wrap(risk.categoryName, inner(1), FONT.bold, TABLE_FONT_SIZE, 2);
    const categoryHeight = category.length * lineHeight + 3 + 12;
    const groupTextWidth = inner(2) - LEVEL_PILL_WIDTH - 4;
    const groups = risk.groups.map((group) => {
      const name = layout.wrap(group.name, groupTextWidth, FONT.bold, TABLE_FONT_SIZE, 1);
      const drivers = layout.wrap(
        group.drivenBy.length > 0 ? group.drivenBy.join(', ') : '나이',
        groupTextWidth,
        FONT.regular,
        DRIVER_SIZE,
        3,
      );
      return { group, name, drivers, height: Math.max(lineHeight, 12) + drivers.length * driverHeight };
    });
    const groupsHeight = groups.reduce((sum, entry) => sum + entry.height, 0) + 3 * (groups.length - 1);
    const coverages = risk.coverages.map((coverage) => {
      const cells = [
        layout.wrap(coverage.name, inner(3), FONT.regular, TABLE_FONT_SIZE, 2),
        amountLines(coverage.held, coverage.unit, inner(4), FONT.bold),
        amountLines(coverage.recommended, coverage.unit, inner(5), FONT.regular),
        [coverage.heldPercent === null ? '-' : `${coverage.heldPercent}%`],
      ];
      return { coverage, cells, height: Math.max(...cells.map((lines) => lines.length)) * lineHeight };
    });
    const coveragesHeight = coverages.reduce((sum, entry) => sum + entry.height, 0) + 4 * (coverages.length - 1);
    const height = Math.max(categoryHeight, groupsHeight, coveragesHeight) + 2 * GAP_PAD.y;

    if (layout.ensure(height)) header();
    const top = layout.y;
    const doc = layout.doc;
    if (zebra) doc.rect(LEFT, top, WIDTH, height).fill(COLOR.zebra);
    layout.lines([String(risk.rank)], xs[0]! + GAP_PAD.x, top + GAP_PAD.y, {
      font: risk.rank <= 3 ? FONT.bold : FONT.regular,
      size: TABLE_FONT_SIZE,
      width: inner(0),
      align: 'center',
    });
    const categoryBottom = layout.lines(category, xs[1]! + GAP_PAD.x, top + GAP_PAD.y, {
      font: FONT.bold,
      size: TABLE_FONT_SIZE,
      width: inner(1),
    });
    drawPill(layout, risk.statusLabel, xs[1]! + GAP_PAD.x, top + GAP_PAD.y + categoryBottom + 3, 30, statusPill(risk.status));

    let y = top + GAP_PAD.y;
    for (const { group, name, drivers, height: groupHeight } of groups) {
      const x = xs[2]! + GAP_PAD.x;
      drawPill(layout, group.levelLabel, x, y, LEVEL_PILL_WIDTH, levelPill(group.level));
      layout.lines(name, x + LEVEL_PILL_WIDTH + 4, y + (12 - lineHeight) / 2, {
        font: FONT.bold,
        size: TABLE_FONT_SIZE,
        width: groupTextWidth,
      });
      layout.lines(drivers, x + LEVEL_PILL_WIDTH + 4, y + Math.max(lineHeight, 12), {
        size: DRIVER_SIZE,
        color: COLOR.muted,
        width: groupTextWidth,
      });
      y += groupHeight + 3;
    }

    y = top + GAP_PAD.y;
    coverages.forEach(({ coverage, cells, height: lineBlock }, index) => {
      if (index > 0) {
        doc
          .lineWidth(0.4)
          .strokeColor(COLOR.rule)
          .moveTo(xs[3]!, y - 2)
          .lineTo(LEFT + WIDTH, y - 2)
          .stroke();
      }
      cells.forEach((lines, cell) => {
        const column = cell + 3;
        layout.lines(lines, xs[column]! + GAP_PAD.x, y, {
          font: cell === 1 ? FONT.bold : FONT.regular,
          size: TABLE_FONT_SIZE,
          color: cell === 1 ? statusColor(coverage.status) : COLOR.ink,
          width: inner(column),
          align: GAP_COLUMNS[column]!.align,
        });
      });
      y += lineBlock + 4;
    });

    doc
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .moveTo(LEFT, top + height)
      .lineTo(LEFT + WIDTH, top + height)
      .stroke();
    layout.y = top + height;
  };

  /** An amount with its unit on one line (20만원 (회당)), or, when that is too wide, the unit on a line of its own. */
  const amountLines = (value: number, unit: CoverageUnit, width: number, font: string): string[] => {
    const [line, ...more] = layout.wrap(formatAmountWithUnit(value, unit), width, font, TABLE_FONT_SIZE);
    if (more.length === 0) return [line!];
    return [formatAmount(value), `(${COVERAGE_UNIT_LABELS[unit]})`];
  };

  return { header, row };
}

/** Disease groups (rows) against coverage categories (columns); open cells shaded red. */
function matrixSection(layout: PageLayout, content: MedicalReportDto): void {
  const { categories, rows } = content.matrix;
  const labelWidth = 118;
  const cellWidth = (WIDTH - labelWidth) / Math.max(categories.length, 1);
  const headerHeight = 18;
  const rowHeight = 20;
  sectionTitle(layout, '위험도 × 보장 매트릭스', headerHeight + rowHeight * rows.length + 14);
  const doc = layout.doc;
  let y = layout.y;
  doc.rect(LEFT, y, WIDTH, headerHeight).fill(COLOR.brand);
  layout.lines(['질병군 / 위험도'], LEFT + 4, y + 4.5, { font: FONT.bold, size: 8, color: '#FFFFFF', width: labelWidth - 8 });
  categories.forEach((category, index) => {
    layout.line(category.name, LEFT + labelWidth + index * cellWidth, y + 4.5, {
      font: FONT.bold,
      size: 8,
      color: '#FFFFFF',
      width: cellWidth,
      align: 'center',
    });
  });
  y += headerHeight;
  for (const row of rows) {
    row.cells.forEach((cell, index) => {
      const x = LEFT + labelWidth + index * cellWidth;
      if (cell.open) doc.rect(x + 1, y + 1, cellWidth - 2, rowHeight - 2).fill(OPEN_FILL);
      if (!cell.related) {
        layout.line('·', x, y + 5, { size: 9, color: COLOR.rule, width: cellWidth, align: 'center' });
      } else if (cell.status === null) {
        layout.line('미분석', x, y + 6, { size: 7, color: COLOR.inactive, width: cellWidth, align: 'center' });
      } else {
        drawPill(layout, STATUS_LABEL[cell.status], x + (cellWidth - 30) / 2, y + 4, 30, statusPill(cell.status));
      }
    });
    layout.line(row.groupName, LEFT + 4, y + 5, { font: FONT.bold, size: 8.5, width: 64 });
    drawPill(layout, LEVELS[row.level].label, LEFT + 70, y + 4, 44, levelPill(row.level));
    doc
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .moveTo(LEFT, y + rowHeight)
      .lineTo(LEFT + WIDTH, y + rowHeight)
      .stroke();
    y += rowHeight;
  }
  layout.y = y + 4;
  layout.line(
    '붉은 칸: 위험도 주의 이상이면서 보장이 부족하거나 보통인 조합 (주요 보장 공백). · 표시는 그 질병과 관계없는 보장입니다.',
    LEFT,
    layout.y,
    {
      size: 7,
      color: COLOR.muted,
      width: WIDTH,
    },
  );
  layout.y += 22;
}

function driverSection(layout: PageLayout, content: MedicalReportDto): void {
  if (content.checkups.count === 0) return;
  const columns: Column[] = [
    { header: '검사 항목', align: 'left' },
    { header: '최근 값', width: 90, align: 'right' },
    { header: '검진 연도', width: 54, align: 'center' },
    { header: '판정', width: 62, align: 'center' },
    { header: '추세', width: 56, align: 'center' },
    { header: '점수', width: 40, align: 'right' },
  ];
  const rows: Row[] = [];
  for (const group of content.groups) {
    const age = group.agePoints > 0 ? `, 나이 ${group.agePoints}점 포함` : '';
    rows.push({ kind: 'group', text: `${group.name} · 위험도 ${group.levelLabel} (점수 ${group.score}${age})` });
    if (group.drivers.length === 0) {
      rows.push({
        kind: 'data',
        muted: true,
        cells: [{ text: '해당 검사 기록 없음' }, { text: '' }, { text: '' }, { text: '' }, { text: '' }, { text: '' }],
      });
    }
    for (const driver of group.drivers) {
      const value =
        typeof driver.latestValue === 'number' ? `${driver.latestValue}${driver.unit ? ` ${driver.unit}` : ''}` : driver.latestValue;
      rows.push({
        kind: 'data',
        cells: [
          { text: driver.name },
          { text: value, bold: true },
          { text: String(driver.latestYear) },
          driver.band === null ? { text: '-' } : { text: BAND_LABELS[driver.band], bold: true, color: BAND_COLOR[driver.band].text },
          { text: `${driver.trendLabel}${driver.worsening ? ' ▲' : ''}`, color: driver.worsening ? '#C62828' : COLOR.ink },
          { text: String(driver.points), bold: driver.points > 0 },
        ],
      });
    }
  }
  sectionTitle(layout, '질병군별 위험 요인', 40);
  drawTable(layout, columns, rows);
  layout.y += 4;
  caption(layout, '▲ 나빠지는 방향의 추세 (혈압·혈당 상승, HDL·eGFR 하강). 판정은 건강검진 결과 통보서의 판정입니다.', 7, 20);
}

const CHART = { columns: 3, gap: 10, height: 118 };

function chartSection(layout: PageLayout, content: MedicalReportDto): void {
  sectionTitle(layout, '건강검진 추이', content.charts.length > 0 ? CHART.height : 20);
  if (content.charts.length === 0) {
    emptyNote(layout, '건강검진 기록이 없어 추이 그래프가 없습니다.');
    return;
  }
  const width = (WIDTH - CHART.gap * (CHART.columns - 1)) / CHART.columns;
  for (let index = 0; index < content.charts.length; index += CHART.columns) {
    layout.ensure(CHART.height);
    content.charts.slice(index, index + CHART.columns).forEach((chart, column) => {
      drawChart(layout, chart, LEFT + column * (width + CHART.gap), layout.y, width, CHART.height - CHART.gap);
    });
    layout.y += CHART.height;
  }
  caption(
    layout,
    '배경색: 초록 정상A · 노랑 정상B(경계) · 빨강 질환의심 (결과 통보서 판정 기준). 점선: 판정 기준값. 점의 색: 그해의 판정.',
    7,
    18,
  );
}

/** A line chart of one measurement: bands shaded, the series as a path, each point coloured by its band. */
function drawChart(layout: PageLayout, chart: TrendChartDto, x: number, y: number, width: number, height: number): void {
  const doc = layout.doc;
  doc.roundedRect(x, y, width, height, 3).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
  layout.line(chart.name, x + 6, y + 4, { font: FONT.bold, size: 8, width: width - 50 });
  if (chart.unit) layout.line(chart.unit, x + width - 56, y + 5, { size: 6.5, color: COLOR.muted, width: 50, align: 'right' });

  const plot = { x: x + 30, y: y + 20, width: width - 38, height: height - 36 };
  const values = chart.series.map((point) => point.value as number);
  const cuts = chart.bands.flatMap((band) => [band.from, band.to]).filter((cut): cut is number => cut !== null);
  let low = Math.min(...values, ...cuts);
  let high = Math.max(...values, ...cuts);
  if (high === low) {
    low -= 1;
    high += 1;
  }
  const pad = (high - low) * 0.08;
  low -= pad;
  high += pad;
  const toY = (value: number) => plot.y + plot.height - ((value - low) / (high - low)) * plot.height;
  const years = chart.series.map((point) => point.year);
  const first = years[0]!;
  const last = years[years.length - 1]!;
  const toX = (year: number) => (last === first ? plot.x + plot.width / 2 : plot.x + ((year - first) / (last - first)) * plot.width);

  for (const band of chart.bands) {
    const top = toY(Math.min(band.to ?? high, high));
    const bottom = toY(Math.max(band.from ?? low, low));
    if (bottom > top) doc.rect(plot.x, top, plot.width, bottom - top).fill(BAND_COLOR[band.band].shade);
  }
  doc.lineWidth(0.5).strokeColor(COLOR.rule).rect(plot.x, plot.y, plot.width, plot.height).stroke();
  const labels = [...new Set(cuts)].filter((cut) => cut > low && cut < high);
  for (const cut of labels) {
    doc
      .lineWidth(0.4)
      .strokeColor('#B8BEC6')
      .dash(2, { space: 2 })
      .moveTo(plot.x, toY(cut))
      .lineTo(plot.x + plot.width, toY(cut))
      .stroke()
      .undash();
    layout.lines([String(cut)], x + 2, toY(cut) - 3.5, { size: 6, color: COLOR.muted, width: 25, align: 'right' });
  }

  doc.lineWidth(1.2).strokeColor(COLOR.brand);
  chart.series.forEach((point, index) => {
    const px = toX(point.year);
    const py = toY(point.value as number);
    if (index === 0) doc.moveTo(px, py);
    else doc.lineTo(px, py);
  });
  if (chart.series.length > 1) doc.stroke();
  for (const point of chart.series) {
    const fill = point.band === null ? COLOR.brand : BAND_COLOR[point.band].solid;
    doc
      .lineWidth(0.6)
      .circle(toX(point.year), toY(point.value as number), 2.6)
      .fillAndStroke(fill, '#FFFFFF');
  }
  const latest = chart.series[chart.series.length - 1]!;
  const latestY = toY(latest.value as number);
  layout.lines([String(latest.value)], toX(latest.year) - 40, latestY < plot.y + 10 ? latestY + 3 : latestY - 11, {
    font: FONT.bold,
    size: 6.5,
    width: 38,
    align: 'right',
  });

  const short = years.length > 5;
  for (const year of years) {
    const label = short ? `'${String(year).slice(2)}` : String(year);
    layout.lines([label], toX(year) - 12, plot.y + plot.height + 2, { size: 6, color: COLOR.muted, width: 24, align: 'center' });
  }
}

function notesSection(layout: PageLayout, content: MedicalReportDto): void {
  notes(layout, [
    `위험도는 건강검진 결과 통보서의 판정과 그 추세, 나이로 매긴 점수입니다 (규칙 버전 ${content.ruleVersion}). 의학적 진단이 아니며, 보장 상담을 위한 참고 자료입니다.`,
    '주요 보장 공백은 위험도가 주의 이상인 질병군에 보험금을 지급하는 보장 분류 중 부족하거나 보통인 것입니다. 분류마다 한 번, 그 분류가 보장하는 위험 질병군과 함께 적었습니다. 분류의 상태는 그 분류 담보들 중 가장 낮은 상태입니다.',
    '이 리포트는 조회일 현재의 보장분석과 저장된 건강검진 기록을 바탕으로 하며, 보험금 지급을 보장하지 않습니다.',
  ]);
}
