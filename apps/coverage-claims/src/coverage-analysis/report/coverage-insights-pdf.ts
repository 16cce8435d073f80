import {
  CoverageUnit,
  type CoverageInsightsDto,
  type CoverageReportDto,
  type CoverByAgeCategoryDto,
  type CoverByAgeCoverageDto,
  type InsightContractDto,
  type IndemnityPersonDto,
  type RenewalDto,
} from '#contracts';
import { roundedPercent } from '../../common/percent.js';
import { callout, caption, emptyNote, sectionTitle, type CalloutItem } from '../../pdf/pdf-blocks.js';
import { axisScale, barChart, stepChart, type ChartBox } from '../../pdf/pdf-chart.js';
import { formatAmount, formatDate, formatWon, withSeparators } from '../../pdf/pdf-format.js';
import { COLOR, FONT, LEFT, WIDTH, type PageLayout } from '../../pdf/pdf-layout.js';
import { drawTable, type Column, type Row } from '../../pdf/pdf-table.js';

// The coverage report's sections on the analysis' insights (docs/decisions/coverage-analysis.md,
// "Report"): drawn only when the content has insights (an analysis stored before them has none).
// Names of insured persons come masked in the content. Charts are vector paths (pdf/pdf-chart.ts).

type Insights = CoverageInsightsDto;

const SHORT = '#C62828';
const PURPOSE_COLORS = { protection: '#1F5FA8', savings: '#2E7D32', pension: '#E08A00' } as const;
const SERIES_COLORS = ['#1F5FA8', '#D9480F', '#2E7D32', '#7B3FA0', '#B8860B', '#00838F', '#C2185B', '#5D4037'];
/** Ages the report weighs cover at (the shortfalls' ages): marked on the charts. */
const MARK_AGES = [60, 70, 80];
const LAST_CHART_AGE = 100;
/** A caption line under a table, kept on the page of its last row. */
const CAPTION_ROOM = 18;

/** The first page's call-outs: duplicate 실손 and renewals ahead, when there are any. */
export function insightsCalloutSection(layout: PageLayout, content: CoverageReportDto): void {
  const insights = content.insights;
  if (insights === null) return;
  const items: CalloutItem[] = [];
  const { indemnity, renewals } = insights;
  if (indemnity.duplicated) {
    const people = indemnity.people.filter((person) => person.duplicate);
    items.push({
      heading: '실손의료비 중복 가입',
      lines: [
        `${people.map((person) => `${person.insuredPerson} 님 실손 ${person.contracts.length}건`).join(', ')} · 중복분 월 보험료 ${surplusText(indemnity.surplusMonthlyPremium, people)}`,
        ...(indemnity.message === null ? [] : [indemnity.message]),
      ],
    });
  }
  if (renewals.items.length > 0) {
    const next = renewals.items.find((item) => item.nextRenewalDate !== null);
    items.push({
      heading: '갱신 예정',
      lines: [
        `앞으로 ${renewals.horizonYears}년간 갱신 ${renewals.renewalsInHorizon}회 (갱신형 계약·특약 ${renewals.items.length}건). 갱신할 때마다 보험료가 다시 산정됩니다.`,
        next === undefined
          ? '갱신 주기를 알 수 없어 다음 갱신일을 셀 수 없습니다.'
          : [
              `다음 갱신: ${formatDate(next.nextRenewalDate!)}`,
              `${next.contractId}. ${contractTitle(next)}`,
              next.wholeContract ? '계약 전체' : next.coverageNames.join(', '),
              ...(next.cycleYears === null ? [] : [`${next.cycleYears}년 주기`]),
            ].join(' · '),
      ],
    });
  }
  if (items.length === 0) return;
  callout(layout, '확인이 필요한 사항', items, 16);
}

/** 보험료 부담: the monthly split, paid and left, the income share, the timeline and each contract's payments. */
export function premiumBurdenSection(layout: PageLayout, content: CoverageReportDto): void {
  const insights = content.insights;
  if (insights === null) return;
  const { premiums } = insights;
  sectionTitle(layout, '보험료 부담', 100);
  monthlySplit(layout, premiums.monthly);
  paidAndLeft(layout, premiums.paidPremium, premiums.remainingPremium);
  if (premiums.income !== null) incomeShare(layout, premiums.income, premiums.monthly.total);
  premiumTimeline(layout, premiums.timeline, content.inquiryDate);
  contractPayments(layout, premiums.contracts);
}

function subTitle(layout: PageLayout, text: string, keepWith: number): void {
  layout.ensure(14 + keepWith);
  layout.text(text, LEFT, layout.y, { font: FONT.bold, size: 9, color: COLOR.ink, lineBreak: false });
  layout.y += 14;
}

function monthlySplit(layout: PageLayout, split: Insights['premiums']['monthly']): void {
  const parts = [
    { label: '보장성', value: split.protection, color: PURPOSE_COLORS.protection },
    { label: '저축성', value: split.savings, color: PURPOSE_COLORS.savings },
    { label: '연금', value: split.pension, color: PURPOSE_COLORS.pension },
  ];
  subTitle(layout, `월 보험료 구성 (합계 ${formatWon(split.total)})`, 40);
  const top = layout.y;
  const barHeight = 14;
  layout.doc.rect(LEFT, top, WIDTH, barHeight).fill(COLOR.labelFill);
  let x = LEFT;
  for (const part of parts) {
    if (split.total <= 0 || part.value <= 0) continue;
    const width = (part.value / split.total) * WIDTH;
    layout.doc.rect(x, top, width, barHeight).fill(part.color);
    x += width;
  }
  const legendY = top + barHeight + 6;
  const slot = WIDTH / parts.length;
  parts.forEach((part, index) => {
    const left = LEFT + index * slot;
    layout.doc.rect(left, legendY + 2, 8, 8).fill(part.color);
    const percent = roundedPercent(part.value, split.total);
    layout.line(`${part.label} ${formatWon(part.value)}${percent === null ? '' : ` (${percent}%)`}`, left + 12, legendY, {
      size: 8.5,
      width: slot - 16,
    });
  });
  layout.y = legendY + 22;
}

function paidAndLeft(layout: PageLayout, paid: number, left: number): void {
  const total = paid + left;
  subTitle(layout, '납입 현황 (정상 계약의 납입기간 전체)', 40);
  const top = layout.y;
  const barHeight = 10;
  layout.doc.rect(LEFT, top, WIDTH, barHeight).fill(COLOR.labelFill);
  if (total > 0 && paid > 0) layout.doc.rect(LEFT, top, (paid / total) * WIDTH, barHeight).fill(COLOR.brand);
  const percent = roundedPercent(paid, total);
  layout.line(
    `납입한 보험료 ${formatWon(paid)}${percent === null ? '' : ` (${percent}%)`} · 남은 보험료 ${formatWon(left)} · 합계 ${formatWon(total)}`,
    LEFT,
    top + barHeight + 5,
    { size: 8.5, width: WIDTH },
  );
  layout.y = top + barHeight + 26;
}

function incomeShare(layout: PageLayout, income: NonNullable<Insights['premiums']['income']>, monthly: number): void {
  const references = income.references.map(
    (reference) =>
      `· ${reference.label}: ${reference.percentTo === null ? `${reference.percentFrom}%` : `${reference.percentFrom}~${reference.percentTo}%`} (${reference.source})`,
  );
  const lineHeight = layout.lineHeight(FONT.regular, 8);
  subTitle(layout, '소득 대비 보험료', 62 + references.length * lineHeight);
  layout.line(`월 소득 ${formatAmount(income.monthlyIncome)} 중 월 보험료 ${formatWon(monthly)}: ${income.percent}%`, LEFT, layout.y, {
    font: FONT.bold,
    size: 9,
    width: WIDTH,
  });
  layout.y += 16;

  // A gauge of percent of income: the references shaded, the customer's share marked.
  const top = layout.y;
  const height = 10;
  const ends = income.references.map((reference) => reference.percentTo ?? reference.percentFrom);
  const { top: scaleTop, step } = axisScale(Math.max(20, Math.max(income.percent, ...ends) * 1.2), 4);
  const xOf = (percent: number) => LEFT + (Math.min(percent, scaleTop) / scaleTop) * WIDTH;
  layout.doc.rect(LEFT, top, WIDTH, height).fill(COLOR.labelFill);
  for (const reference of income.references) {
    const from = xOf(reference.percentFrom);
    const to = reference.percentTo === null ? from + 2 : xOf(reference.percentTo);
    layout.doc.rect(from, top, Math.max(to - from, 2), height).fill('#BFD3EA');
  }
  const marker = xOf(income.percent);
  layout.doc
    .moveTo(marker, top - 3)
    .lineTo(marker, top + height + 3)
    .lineWidth(2)
    .strokeColor(SHORT)
    .stroke();
  for (let percent = 0; percent <= scaleTop; percent += step) {
    // The ends aligned to the bar's ends, the rest centred on their mark.
    const align = percent === 0 ? 'left' : percent === scaleTop ? 'right' : 'center';
    const x = percent === 0 ? LEFT : percent === scaleTop ? LEFT + WIDTH - 24 : xOf(percent) - 12;
    layout.lines([`${percent}%`], x, top + height + 3, { size: 6.5, color: COLOR.muted, width: 24, align });
  }
  layout.y = top + height + 16;
  layout.y += layout.lines(references, LEFT, layout.y, { size: 8, color: COLOR.ink, width: WIDTH });
  layout.y += 2;
  const guide = layout.wrap(`※ ${income.guide} (파란 구간: 위 기준, 빨간 선: 이 고객)`, WIDTH, FONT.regular, 7.5);
  layout.y += layout.lines(guide, LEFT, layout.y, { size: 7.5, color: COLOR.muted, width: WIDTH }) + 12;
}

function premiumTimeline(layout: PageLayout, timeline: Insights['premiums']['timeline'], inquiryDate: string): void {
  if (timeline.length === 0) return;
  const height = 150;
  subTitle(layout, '연도별 납입 보험료 (단위: 만원)', height + 20);
  const box: ChartBox = { x: LEFT, y: layout.y, width: WIDTH, height };
  barChart(layout, box, {
    bars: timeline.map((year) => ({ label: String(year.year), value: year.premium })),
    color: COLOR.brand,
    format: inMan,
  });
  layout.y += height + 4;
  caption(
    layout,
    `${inquiryDate.slice(0, 4)}년은 조회일(${formatDate(inquiryDate)}) 이후 남은 납입분입니다. 정상 계약이 납입기간 끝까지 지금 보험료로 납입할 때의 금액입니다.`,
    7.5,
    18,
  );
}

/** In 만원, rounded: 472,300 → 47; 56,676,000 → 5,668. */
function inMan(value: number): string {
  return withSeparators(value / 10_000);
}

const PAYMENT_COLUMNS: Column[] = [
  { header: 'No', width: 22, align: 'center' },
  { header: '계약', align: 'left' },
  { header: '구분', width: 40, align: 'center' },
  { header: '월 보험료', width: 62, align: 'right' },
  { header: '납입 (개월)', width: 70, align: 'center' },
  { header: '남은 보험료', width: 72, align: 'right' },
  { header: '납입 완료', width: 58, align: 'center' },
];

function contractPayments(layout: PageLayout, contracts: Insights['premiums']['contracts']): void {
  if (contracts.length === 0) return;
  const rows: Row[] = contracts.map((contract) => ({
    kind: 'data',
    cells: [
      { text: String(contract.contractId) },
      { text: contractTitle(contract) },
      { text: contract.purposeLabel },
      { text: contract.monthlyPremium === null ? '미상' : formatWon(contract.monthlyPremium) },
      {
        text: contract.paidUp
          ? '납입완료'
          : contract.monthsPaid === null || contract.monthsLeft === null
            ? '-'
            : `${contract.monthsPaid} / ${contract.monthsPaid + contract.monthsLeft}`,
        bold: contract.paidUp,
      },
      { text: contract.remainingPremium === null ? '-' : formatWon(contract.remainingPremium) },
      { text: contract.lastPaymentDate === null ? '-' : formatDate(contract.lastPaymentDate) },
    ],
  }));
  subTitle(layout, '계약별 납입', 40);
  drawTable(layout, PAYMENT_COLUMNS, rows, { keepAfter: CAPTION_ROOM });
  layout.y += 6;
  caption(
    layout,
    '-: 납입 주기나 횟수를 알 수 없는 계약. 월 보험료는 납입 주기로 나눈 한 달분이며, 납입이 끝난 계약과 일시납은 0원입니다.',
    7.5,
    18,
  );
}

/** 연령별 보장 변화: a step chart per category the customer holds anything in, then the shortfalls at 60, 70 and 80. */
export function coverByAgeSection(layout: PageLayout, content: CoverageReportDto): void {
  const insights = content.insights;
  if (insights === null) return;
  const { coverByAge } = insights;
  const to = Math.max(LAST_CHART_AGE, coverByAge.age + 10);
  const held = coverByAge.categories.filter((category) => category.coverages.some(isHeld));
  const none = coverByAge.categories.filter((category) => !category.coverages.some(isHeld));
  const gap = 18;
  const cellWidth = (WIDTH - gap) / 2;
  const marks = MARK_AGES.filter((age) => age > coverByAge.age && age < to);
  const cells = held.map((category) => chartCell(layout, category, cellWidth, marks));
  sectionTitle(layout, `연령별 보장 변화 (만 ${coverByAge.age}세부터 ${to}세까지)`, (cells[0]?.height ?? 20) + 30);
  const intro = layout.wrap(
    `담보가 끝나는 나이에 가입금액이 줄어듭니다(종신 담보는 그대로). 담보마다 선 하나, 금액은 담보의 단위대로입니다.${marks.length === 0 ? '' : ` 점선: ${marks.map((age) => `${age}세`).join('·')}.`}`,
    WIDTH,
    FONT.regular,
    8,
  );
  layout.y += layout.lines(intro, LEFT, layout.y, { size: 8, color: COLOR.muted, width: WIDTH }) + 8;
  if (cells.length === 0) emptyNote(layout, '보유한 담보가 없습니다.');
  for (let index = 0; index < cells.length; index += 2) {
    const row = cells.slice(index, index + 2);
    const height = Math.max(...row.map((cell) => cell.height));
    layout.ensure(height);
    const top = layout.y;
    row.forEach((cell, column) => cell.draw(LEFT + column * (cellWidth + gap), top, coverByAge.age, to));
    layout.y = top + height + 12;
  }
  if (cells.length > 0 && none.length > 0) {
    caption(layout, `보유 담보가 없는 분류: ${none.map((category) => category.name).join(', ')}`, 8, 18);
  }
  shortfallTable(layout, coverByAge);
}

const isHeld = (coverage: CoverByAgeCoverageDto) => coverage.steps.some((step) => step.amount > 0);

const CHART_HEIGHT = 118;
const LEGEND_SIZE = 7;

/** A category's chart with its legend, measured before it is drawn. */
function chartCell(
  layout: PageLayout,
  category: CoverByAgeCategoryDto,
  width: number,
  marks: readonly number[],
): { height: number; draw: (x: number, y: number, age: number, to: number) => void } {
  const coverages = category.coverages.filter(isHeld);
  const legendWidth = width - 14;
  const legends = coverages.map((coverage) => layout.wrap(legendText(coverage), legendWidth, FONT.regular, LEGEND_SIZE, 2));
  const lineHeight = layout.lineHeight(FONT.regular, LEGEND_SIZE);
  const titleHeight = 14;
  const height = titleHeight + CHART_HEIGHT + 6 + legends.reduce((sum, lines) => sum + lines.length * lineHeight + 1.5, 0);
  return {
    height,
    draw: (x, y, age, to) => {
      layout.text(category.name, x, y, { font: FONT.bold, size: 9, color: COLOR.brand, lineBreak: false });
      stepChart(
        layout,
        { x, y: y + titleHeight, width, height: CHART_HEIGHT },
        {
          from: age,
          to,
          ticks: [age, ...[40, 50, 60, 70, 80, 90, 100, 110, 120].filter((tick) => tick >= age + 8 && tick <= to)],
          tickLabel: (tick) => `${tick}세`,
          marks,
          series: coverages.map((coverage, index) => ({
            color: seriesColor(index),
            steps: coverage.steps.map((step) => ({ at: step.age, value: step.amount })),
          })),
          format: axisAmount,
        },
      );
      let legendY = y + titleHeight + CHART_HEIGHT + 6;
      legends.forEach((lines, index) => {
        layout.doc.rect(x, legendY + 3, 9, 2.2).fill(seriesColor(index));
        legendY += layout.lines(lines, x + 13, legendY, { size: LEGEND_SIZE, color: COLOR.ink, width: legendWidth }) + 1.5;
      });
    },
  };
}

const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** 일반암진단비 5,000만원 → 65세 0원; a unit other than a lump sum named after the name. */
function legendText(coverage: CoverByAgeCoverageDto): string {
  const name = coverage.unit === CoverageUnit.LumpSum ? coverage.name : `${coverage.name} (${coverage.unitLabel})`;
  const [first, ...later] = coverage.steps;
  return [`${name} ${formatAmount(first!.amount)}`, ...later.map((step) => `→ ${step.age}세 ${formatAmount(step.amount)}`)].join(' ');
}

/** An axis amount: 5,000만, 1억 5,000만 (formatAmount without 원). */
function axisAmount(value: number): string {
  return formatAmount(value).replace(/원$/, '');
}

function shortfallTable(layout: PageLayout, coverByAge: Insights['coverByAge']): void {
  const ages = coverByAge.shortfalls.map((shortfall) => shortfall.age);
  const title = '60·70·80세에 권장금액에 못 미치는 담보';
  if (ages.length === 0) {
    sectionTitle(layout, title, 20);
    emptyNote(layout, `만 ${coverByAge.age}세: 60·70·80세가 지났습니다.`);
    return;
  }
  // Every coverage short at one of the ages, in catalogue order (the categories' order, then theirs).
  const order = coverByAge.categories.flatMap((category) => category.coverages.map((coverage) => coverage.code));
  const byCode = new Map<
    string,
    { category: string; name: string; unit: CoverageUnit; unitLabel: string; at: Map<number, { held: number; recommended: number }> }
  >();
  for (const shortfall of coverByAge.shortfalls) {
    for (const category of shortfall.categories) {
      for (const coverage of category.coverages) {
        let entry = byCode.get(coverage.code);
        if (entry === undefined) {
          entry = { category: category.name, name: coverage.name, unit: coverage.unit, unitLabel: coverage.unitLabel, at: new Map() };
          byCode.set(coverage.code, entry);
        }
        entry.at.set(shortfall.age, { held: coverage.held, recommended: coverage.recommended });
      }
    }
  }
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  const entries = [...byCode.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([, entry]) => entry);
  if (entries.length === 0) {
    sectionTitle(layout, title, 20);
    emptyNote(layout, `${ages.map((age) => `${age}세`).join('·')}에 권장금액에 못 미치는 담보가 없습니다.`);
    return;
  }
  const rows: Row[] = [];
  let category: string | null = null;
  for (const entry of entries) {
    if (entry.category !== category) {
      category = entry.category;
      rows.push({ kind: 'group', text: category });
    }
    rows.push({
      kind: 'data',
      cells: [
        { text: entry.unit === CoverageUnit.LumpSum ? entry.name : `${entry.name} (${entry.unitLabel})` },
        ...ages.map((age) => {
          const short = entry.at.get(age);
          return short === undefined
            ? { text: '충족', color: COLOR.muted }
            : { text: `${formatAmount(short.held)} / ${formatAmount(short.recommended)}`, color: SHORT };
        }),
      ],
    });
  }
  const columns: Column[] = [
    { header: '담보', align: 'left' },
    ...ages.map((age): Column => ({ header: `${age}세 (보유 / 권장)`, width: 112, align: 'right' })),
  ];
  sectionTitle(layout, title, 60);
  drawTable(layout, columns, rows, { keepAfter: CAPTION_ROOM });
  layout.y += 6;
  caption(layout, '그 나이에도 유지되는 정상 계약의 가입금액을 그 나이의 권장금액과 견준 것입니다. 충족: 권장금액 이상.', 7.5, 18);
}

const RENEWAL_COLUMNS: Column[] = [
  { header: 'No', width: 22, align: 'center' },
  { header: '계약', align: 'left' },
  { header: '갱신 담보', width: 128, align: 'left' },
  { header: '주기', width: 34, align: 'center' },
  { header: '다음 갱신', width: 56, align: 'center' },
  { header: '10년 내', width: 40, align: 'center' },
  { header: '월 보험료', width: 60, align: 'right' },
];

/** 갱신 예정: each renewal-type contract or rider, soonest first. */
export function renewalsSection(layout: PageLayout, content: CoverageReportDto): void {
  const renewals = content.insights?.renewals;
  if (renewals === undefined || renewals.items.length === 0) return;
  const columns = RENEWAL_COLUMNS.map((column) =>
    column.header === '10년 내' ? { ...column, header: `${renewals.horizonYears}년 내` } : column,
  );
  const rows: Row[] = renewals.items.map((item) => ({
    kind: 'data',
    cells: [
      { text: String(item.contractId) },
      { text: contractTitle(item) },
      { text: renewedCoverages(item) },
      { text: item.cycleYears === null ? '미상' : `${item.cycleYears}년` },
      { text: item.nextRenewalDate === null ? '-' : formatDate(item.nextRenewalDate), bold: true },
      { text: item.renewalsInHorizon === null ? '-' : `${item.renewalsInHorizon}회` },
      { text: item.monthlyPremium === null ? '미상' : formatWon(item.monthlyPremium) },
    ],
  }));
  sectionTitle(layout, `갱신 예정 (${renewals.horizonYears}년 내 ${renewals.renewalsInHorizon}회)`, 40);
  drawTable(layout, columns, rows, { keepAfter: CAPTION_ROOM });
  layout.y += 6;
  caption(
    layout,
    '갱신형은 갱신할 때마다 그때의 나이와 손해율로 보험료가 다시 산정됩니다. 월 보험료는 계약 전체의 현재 보험료입니다.',
    7.5,
    18,
  );
}

function renewedCoverages(item: RenewalDto): string {
  const names = item.coverageNames.join(', ');
  return item.wholeContract ? `계약 전체 (${names})` : names;
}

const INDEMNITY_COLUMNS: Column[] = [
  { header: 'No', width: 22, align: 'center' },
  { header: '계약', align: 'left' },
  { header: '가입일', width: 58, align: 'center' },
  { header: '월 보험료', width: 64, align: 'right' },
  { header: '구분', width: 48, align: 'center' },
];

/** The surplus a month, and "외 미상" when a surplus 실손-only contract's premium is not known (nothing known: "미상"). */
function surplusText(amount: number, people: readonly IndemnityPersonDto[]): string {
  const unknown = people.some((person) =>
    person.contracts.some((contract) => !contract.kept && contract.indemnityOnly && contract.monthlyPremium === null),
  );
  if (!unknown) return formatWon(amount);
  return amount > 0 ? `${formatWon(amount)} 외 미상` : '미상';
}

/** 실손의료비 중복 가입: per insured person holding more than one, their contracts, the one kept marked. */
export function indemnitySection(layout: PageLayout, content: CoverageReportDto): void {
  const indemnity = content.insights?.indemnity;
  if (indemnity === undefined || !indemnity.duplicated) return;
  const rows: Row[] = indemnity.people
    .filter((person) => person.duplicate)
    .flatMap((person): Row[] => [
      {
        kind: 'group',
        text: `${person.insuredPerson} 님 · 실손 ${person.contracts.length}건 · 중복분 월 보험료 ${surplusText(person.surplusMonthlyPremium, [person])}`,
      },
      ...person.contracts.map((contract): Row => ({
        kind: 'data',
        cells: [
          { text: String(contract.contractId) },
          { text: contract.indemnityOnly ? contractTitle(contract) : `${contractTitle(contract)} (실손 외 보장 포함)` },
          { text: formatDate(contract.startDate) },
          { text: contract.monthlyPremium === null ? '미상' : formatWon(contract.monthlyPremium) },
          contract.kept
            ? { text: '기준', pill: { fill: COLOR.brand, color: '#FFFFFF' } }
            : { text: '중복', pill: { fill: '#F0A202', color: COLOR.ink } },
        ],
      })),
    ]);
  sectionTitle(layout, `실손의료비 중복 가입 (중복분 월 ${surplusText(indemnity.surplusMonthlyPremium, indemnity.people)})`, 60);
  drawTable(layout, INDEMNITY_COLUMNS, rows, { keepAfter: 2 * CAPTION_ROOM });
  layout.y += 6;
  const notes = [
    ...(indemnity.message === null ? [] : [indemnity.message]),
    '기준: 먼저 가입한 계약. 중복분은 실손만 보장하는 나머지 계약의 월 보험료입니다. 해지 전에 보장 범위와 재가입 조건을 확인하세요.',
  ].flatMap((line) => layout.wrap(line, WIDTH, FONT.regular, 7.5));
  layout.ensure(notes.length * layout.lineHeight(FONT.regular, 7.5));
  layout.y += layout.lines(notes, LEFT, layout.y, { size: 7.5, color: COLOR.muted, width: WIDTH }) + 18;
}

/** The contract as the tables name it: the product, after the insurer unless the product's name starts with it. */
export function contractTitle(contract: Pick<InsightContractDto, 'insurerName' | 'productName'>): string {
  return contract.productName.startsWith(contract.insurerName) ? contract.productName : `${contract.insurerName} ${contract.productName}`;
}
