import {
  COVERAGE_STATUS_NAMES,
  CoverageStatusCode,
  type AnalysisCoverageDto,
  type CoverageAnalysisDto,
  type CoverageReportCategoryDto,
  type CoverageReportContractDto,
  type CoverageReportDto,
  type CoverageReportStatusDto,
} from '#contracts';
import { maskName, maskPhoneDigits as maskedPhone } from '#platform';
import { CONTRACT_STATE_LABELS, ContractState } from '../../integrations/insurance-data/insurance-data.port.js';

export const REPORT_TITLE = '보장분석 리포트';

/**
 * The customer as the stored analysis's service gives them with it. `name` is in clear (the report
 * masks it); `maskedPhone` is already masked (010-****-5678): the report never sees the number.
 */
export interface ReportCustomerSummary {
  name: string;
  /** YYYYMMDD */
  birthDate: string;
  /** M or F */
  gender: string;
  maskedPhone: string;
}

/** Status order of the report (worst first), with the colour and the rule each is shown with. */
export const REPORT_STATUSES: readonly { status: CoverageStatusCode; color: string; description: string }[] = [
  { status: CoverageStatusCode.Bad, color: '#C62828', description: '권장금액의 50% 미만' },
  { status: CoverageStatusCode.Normal, color: '#F0A202', description: '권장금액의 50% 이상 100% 미만' },
  { status: CoverageStatusCode.Good, color: '#2E7D32', description: '권장금액의 100% 이상' },
];

const STATUS_COLORS = Object.fromEntries(REPORT_STATUSES.map((entry) => [entry.status, entry.color])) as Record<CoverageStatusCode, string>;

const GENDER_LABELS: Readonly<Record<string, string>> = { M: '남', F: '여' };

/**
 * The customer summary of an analysis taken from the analysis itself (the customer as they were
 * verified for it), the phone masked on the way. For callers that have no stored customer at hand.
 */
export function reportCustomerOf(analysis: CoverageAnalysisDto): ReportCustomerSummary {
  return {
    name: analysis.customer_name,
    birthDate: analysis.date_of_birth.replaceAll('-', ''),
    gender: analysis.gender,
    maskedPhone: maskedPhone(analysis.phone_number),
  };
}

/**
 * What the report shows, for the PDF and the JSON alike (docs/decisions/coverage-analysis.md, "Report").
 * Pure: the same analysis, customer and time give the same content. The name is masked here; the
 * phone comes masked; nothing else of the analysis that identifies the customer is carried over.
 */
export function reportContentOf(analysis: CoverageAnalysisDto, customer: ReportCustomerSummary, generatedAt: Date): CoverageReportDto {
  const activeLabel = CONTRACT_STATE_LABELS[ContractState.Active];
  const contracts = analysis.contracts.map((contract, index): CoverageReportContractDto => ({
    number: index + 1,
    insurerName: contract.company_name,
    productName: contract.product_name,
    type: contract.type,
    startDate: isoDateOf(contract.start_date),
    endDate: isoDateOf(contract.end_date),
    state: contract.state,
    active: contract.state === activeLabel,
    premium: contract.premium,
    paymentCycle: contract.payment_cycle,
    paymentPeriodYears: contract.period,
  }));
  const statuses = REPORT_STATUSES.map((entry): CoverageReportStatusDto => ({
    ...entry,
    label: COVERAGE_STATUS_NAMES[entry.status],
    count: analysis.coverages.filter((coverage) => coverage.status_code === entry.status).length,
  }));

  return {
    title: REPORT_TITLE,
    inquiryDate: analysis.inquiry_time,
    generatedAt: generatedAt.toISOString(),
    customer: {
      name: maskName(customer.name),
      phone: customer.maskedPhone,
      birthDate: isoDateOf(customer.birthDate),
      gender: customer.gender,
      genderLabel: GENDER_LABELS[customer.gender] ?? customer.gender,
      age: analysis.age,
      insuranceAge: analysis.insuAge,
    },
    coverageCount: analysis.coverages.length,
    statuses,
    categories: categoriesOf(analysis.coverages),
    activeContractCount: contracts.filter((contract) => contract.active).length,
    contracts,
    premiums: {
      monthly: analysis.premium,
      paid: analysis.paid_premium,
      future: analysis.future_premium,
      total: analysis.total_premium,
    },
    insights: null,
  };
}

/** Coverages grouped by category; categories in the order they first occur (the catalogue's). */
function categoriesOf(coverages: readonly AnalysisCoverageDto[]): CoverageReportCategoryDto[] {
  const categories = new Map<string, CoverageReportCategoryDto>();
  for (const coverage of coverages) {
    let category = categories.get(coverage.category_code);
    if (category === undefined) {
      category = { code: coverage.category_code, name: coverage.category_name, coverages: [] };
      categories.set(coverage.category_code, category);
    }
    category.coverages.push({
      code: coverage.coverage_code,
      name: coverage.coverage_name,
      held: coverage.amount,
      recommended: coverage.recommend,
      limit: coverage.limit,
      heldPercent: coverage.recommend > 0 ? Math.floor((coverage.amount * 100) / coverage.recommend) : null,
      status: coverage.status_code,
      statusLabel: COVERAGE_STATUS_NAMES[coverage.status_code],
      statusColor: STATUS_COLORS[coverage.status_code],
    });
  }
  return [...categories.values()];
}

/** YYYYMMDD → YYYY-MM-DD; anything else as it is. */
function isoDateOf(date: string): string {
  return /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : date;
}
