import {
  COVERAGE_STATUS_NAMES,
  CoverageStatusCode,
  PREMIUM_EXCLUSION_LABELS,
  PremiumExclusionReason,
  type AnalysisContractDto,
  type AnalysisCoverageDto,
  type CoverageAnalysisDto,
  type CoverageInsightsDto,
  type CoverageReportCategoryDto,
  type CoverageReportContractDto,
  type CoverageReportDto,
  type CoverageReportExcludedContractDto,
  type CoverageReportStatusDto,
  type InsightContractDto,
} from '#contracts';
import { maskName, maskPhoneDigits as maskedPhone } from '#platform';
import { parseCompactDate, parseIsoDate, type LocalDate } from '../../common/calendar.js';
import { roundedPercent } from '../../common/percent.js';
import {
  CONTRACT_STATE_LABELS,
  ContractState,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
} from '../../integrations/insurance-data/insurance-data.port.js';
import { paymentsDueBy } from '../analysis/premiums.js';

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
 * Pure: the same analysis, insights, customer and time give the same content. The names are masked
 * here (the customer's and every insured person's in the insights); the phone comes masked; nothing
 * else of the analysis that identifies the customer is carried over. `insights` is null for an
 * analysis stored before there were any.
 */
export function reportContentOf(
  analysis: CoverageAnalysisDto,
  customer: ReportCustomerSummary,
  generatedAt: Date,
  insights: CoverageInsightsDto | null,
): CoverageReportDto {
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
      excluded: excludedFromMonthly(analysis),
    },
    insights: insights === null ? null : maskedInsights(insights),
  };
}

/**
 * The active contracts the monthly premium leaves out, as the analysis counts it (analysis/premiums.ts):
 * without a known cycle or number of payments, paid in a lump sum, or with every payment made by the
 * inquiry date. Read from the payload's contracts, so a report of an analysis stored before insights
 * existed says it too.
 */
function excludedFromMonthly(analysis: CoverageAnalysisDto): CoverageReportExcludedContractDto[] {
  const activeLabel = CONTRACT_STATE_LABELS[ContractState.Active];
  const on = localDateOf(analysis.inquiry_time, parseIsoDate);
  return analysis.contracts.flatMap((contract, index): CoverageReportExcludedContractDto[] => {
    if (contract.state !== activeLabel) return [];
    const reason = exclusionOf(contract, on);
    if (reason === null) return [];
    return [
      {
        number: index + 1,
        insurerName: contract.company_name,
        productName: contract.product_name,
        reason,
        reasonLabel: PREMIUM_EXCLUSION_LABELS[reason],
      },
    ];
  });
}

function exclusionOf(contract: AnalysisContractDto, on: LocalDate | null): PremiumExclusionReason | null {
  const cycle = Object.values(PaymentCycle).find((value) => value === contract.payment_cycle_code);
  const count = contract.payment_number;
  if (cycle === undefined || count === null || on === null || localDateOf(contract.start_date, parseCompactDate) === null) {
    return PremiumExclusionReason.PaymentsUnknown;
  }
  if (PAYMENT_CYCLE_MONTHS[cycle] === null) return PremiumExclusionReason.LumpSum;
  const made = paymentsDueBy({ startDate: contract.start_date, paymentCycle: cycle, paymentCount: count }, on);
  return made !== null && made >= count ? PremiumExclusionReason.PaidUp : null;
}

/** A date of the payload, or null when it is not one (a payload set from outside is only checked for its shape). */
function localDateOf(text: string, parse: (text: string) => LocalDate): LocalDate | null {
  try {
    return parse(text);
  } catch {
    return null;
  }
}

/** The insights with every insured person's name masked as the customer's is; nothing else in them identifies anyone. */
function maskedInsights(insights: CoverageInsightsDto): CoverageInsightsDto {
  const masked = <T extends Pick<InsightContractDto, 'insuredPerson'>>(entry: T): T => ({
    ...entry,
    insuredPerson: maskName(entry.insuredPerson),
  });
  const { indemnity, premiums, renewals } = insights;
  return {
    ...insights,
    indemnity: {
      ...indemnity,
      people: indemnity.people.map((person) => ({ ...masked(person), contracts: person.contracts.map(masked) })),
    },
    premiums: { ...premiums, contracts: premiums.contracts.map(masked) },
    renewals: { ...renewals, items: renewals.items.map(masked) },
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
      heldPercent: roundedPercent(coverage.amount, coverage.recommend),
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
