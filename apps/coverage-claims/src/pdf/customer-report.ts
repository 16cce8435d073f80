import {
  COVERAGE_UNIT_LABELS,
  CoverageStatusCode,
  CoverageUnit,
  type CoverageReportCategoryDto,
  type CoverageReportCustomerDto,
} from '#contracts';
import { labelValueGrid, sectionTitle, emptyNote, type Pill } from './pdf-blocks.js';
import { renderA4Pdf, type FrameStyle, type PdfSection } from './pdf-document.js';
import type { PdfFonts } from './pdf-fonts.js';
import { formatAmount, formatDate, formatKoreaTime } from './pdf-format.js';
import { COLOR, type PageLayout } from './pdf-layout.js';
import { drawTable, type Column, type Row } from './pdf-table.js';

// What the customer reports (the coverage report, the medical report) share so that they read alike:
// the frame (title, masked name and inquiry date above; generation time and page below), the customer
// grid, the status pills and the coverage table.

/** What the frame of a customer report shows. */
export interface CustomerReportHeading {
  title: string;
  /** YYYY-MM-DD */
  inquiryDate: string;
  /** ISO 8601 */
  generatedAt: string;
  customer: { name: string };
}

const REPORT_FRAME: FrameStyle = {
  titleSize: 13,
  titleColor: COLOR.brand,
  captionTop: 5,
  captionColor: COLOR.muted,
  ruleColor: COLOR.brand,
  footerRuleColor: COLOR.rule,
  footerColor: COLOR.muted,
};

/** The report as an A4 PDF: `sections` one after another, the customer report's frame on every page. */
export function renderCustomerReport<T extends CustomerReportHeading>(
  content: T,
  sections: readonly PdfSection<T>[],
  fonts: PdfFonts,
): Promise<Buffer> {
  const generatedAt = new Date(content.generatedAt);
  return renderA4Pdf(content, sections, {
    fonts,
    info: { title: content.title, subject: `${content.title} ${content.inquiryDate}`, createdAt: generatedAt },
    frame: {
      title: content.title,
      caption: `${content.customer.name} 고객님 · 조회일 ${formatDate(content.inquiryDate)}`,
      footer: `생성 ${formatKoreaTime(generatedAt)}`,
      style: REPORT_FRAME,
    },
  });
}

/** 고객 정보: who the customer is (name and phone as the content has them, masked), then `more` pairs. */
export function customerGrid(
  layout: PageLayout,
  customer: CoverageReportCustomerDto,
  more: Array<[string, string]>,
  gapAfter: number,
): void {
  const pairs: Array<[string, string]> = [
    ['고객명', customer.name],
    ['연락처', customer.phone],
    ['생년월일', `${formatDate(customer.birthDate)} (${customer.genderLabel})`],
    ['나이', `만 ${customer.age}세 (보험나이 ${customer.insuranceAge}세)`],
    ...more,
  ];
  labelValueGrid(layout, '고객 정보', pairs, gapAfter);
}

// Text on the status colours: white on red and green, dark on amber (white on amber is unreadable).
export const STATUS_TEXT: Readonly<Record<CoverageStatusCode, string>> = {
  [CoverageStatusCode.Bad]: '#FFFFFF',
  [CoverageStatusCode.Normal]: '#1F2933',
  [CoverageStatusCode.Good]: '#FFFFFF',
};

/** The status colours, as the content carries them where it does (statusColor). */
const STATUS_COLOR: Readonly<Record<CoverageStatusCode, string>> = {
  [CoverageStatusCode.Bad]: '#C62828',
  [CoverageStatusCode.Normal]: '#F0A202',
  [CoverageStatusCode.Good]: '#2E7D32',
};

export const statusColor = (status: CoverageStatusCode): string => STATUS_COLOR[status];

/** A coverage status as a pill of its colour. */
export const statusPill = (status: CoverageStatusCode, fill = STATUS_COLOR[status]): Pill => ({ fill, color: STATUS_TEXT[status] });

export interface CoverageTableOptions {
  title: string;
  /** With the limit column (the coverage report); without it, its width goes to the others. */
  limit: boolean;
  /** Said instead of the table when there are no coverages; without it an empty table shows its header. */
  empty?: string;
  gapAfter: number;
}

/** Coverages by category: held (in the status colour unless good), recommended, percentage held and status. */
export function coverageTable(layout: PageLayout, categories: readonly CoverageReportCategoryDto[], options: CoverageTableOptions): void {
  const widths = options.limit ? { amount: 80, percent: 44, status: 46 } : { amount: 84, percent: 48, status: 48 };
  const columns: Column[] = [{ header: '담보', align: 'left' }, ...coverageColumns(widths, options.limit)];
  const rows: Row[] = categories.flatMap((category): Row[] => [
    { kind: 'group', text: `${category.name} (${category.coverages.length})` },
    ...category.coverages.map((coverage): Row => ({
      kind: 'data',
      cells: [
        { text: coverage.name },
        {
          text: formatAmount(coverage.held),
          bold: true,
          color: coverage.status === CoverageStatusCode.Good ? COLOR.ink : coverage.statusColor,
        },
        { text: formatAmount(coverage.recommended) },
        ...(options.limit ? [{ text: formatAmount(coverage.limit), color: COLOR.muted }] : []),
        { text: coverage.heldPercent === null ? '-' : `${coverage.heldPercent}%` },
        { text: coverage.statusLabel, pill: statusPill(coverage.status, coverage.statusColor) },
      ],
    })),
  ]);
  sectionTitle(layout, options.title, 40);
  if (rows.length === 0 && options.empty !== undefined) {
    emptyNote(layout, options.empty);
    return;
  }
  drawTable(layout, columns, rows);
  layout.y += options.gapAfter;
}

/** The columns that set what is held against what is recommended: 가입금액, 권장금액 (한도), 충족률, 상태. */
export function coverageColumns(widths: { amount: number; percent: number; status: number }, limit = false): Column[] {
  const amounts = limit ? ['가입금액', '권장금액', '한도'] : ['가입금액', '권장금액'];
  return [
    ...amounts.map((header): Column => ({ header, width: widths.amount, align: 'right' })),
    { header: '충족률', width: widths.percent, align: 'right' },
    { header: '상태', width: widths.status, align: 'center' },
  ];
}

/**
 * A coverage amount with its unit, for amounts that are not lump sums: 20만원 (회당), 10만원 (1일당),
 * 5,000만원 (연간 한도); a lump sum is the amount alone (5,000만원).
 */
export function formatAmountWithUnit(value: number, unit: CoverageUnit): string {
  const amount = formatAmount(value);
  return unit === CoverageUnit.LumpSum ? amount : `${amount} (${COVERAGE_UNIT_LABELS[unit]})`;
}
