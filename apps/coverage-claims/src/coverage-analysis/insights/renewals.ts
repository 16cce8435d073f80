import type { RenewalDto, RenewalsInsightDto } from '#contracts';
import { addMonthsClamped, formatIsoDate, ordinal, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import type { InsuranceCoverage } from '../../integrations/insurance-data/insurance-data.port.js';
import type { ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

/** A coverage's renewals ahead: the next (null when it ends first) and those within the horizon, as YYYYMMDD numbers. */
interface Schedule {
  next: number | null;
  inHorizon: number[];
}

/**
 * Renewals ahead (docs/decisions/coverage-insights.md, "Renewals"): one item per active contract and
 * renewal cycle among its 갱신형 coverages. A coverage renews every `cycleYears` years on the
 * anniversary of its start (28 February for a 29 February start in a common year), after the
 * inquiry date and before its end date. Items soonest first; those with no renewal before their end,
 * then unknown cycles, last.
 */
export function renewalsAhead(active: readonly ActiveContract[], on: LocalDate, rules: InsightRules): RenewalsInsightDto {
  const today = ordinal(on);
  const horizon = ordinal(addMonthsClamped(on, rules.renewalHorizonYears * 12));
  // Coverages of a contract mostly share their dates: each schedule is worked out once.
  const schedules = new Map<string, Schedule>();
  const scheduleOf = (coverage: InsuranceCoverage, cycle: number) => {
    const key = `${coverage.startDate}${coverage.endDate}${cycle}`;
    let schedule = schedules.get(key);
    if (!schedule) schedules.set(key, (schedule = renewalSchedule(coverage, cycle, today, horizon)));
    return schedule;
  };

  const items: RenewalDto[] = [];
  for (const entry of active) {
    const { coverages } = entry.contract;
    const groups = new Map<number | null, InsuranceCoverage[]>();
    for (const coverage of coverages) {
      if (coverage.renewal === null) continue;
      const cycle = cycleOf(coverage);
      const group = groups.get(cycle);
      if (group) group.push(coverage);
      else groups.set(cycle, [coverage]);
    }
    for (const [cycleYears, group] of groups) {
      let next: number | null = null;
      const inHorizon = new Set<number>();
      if (cycleYears !== null) {
        for (const coverage of group) {
          const schedule = scheduleOf(coverage, cycleYears);
          if (schedule.next !== null && (next === null || schedule.next < next)) next = schedule.next;
          for (const date of schedule.inHorizon) inHorizon.add(date);
        }
      }
      items.push({
        ...entry.view,
        wholeContract: group.length === coverages.length,
        coverageNames: group.map((coverage) => coverage.name),
        cycleYears,
        nextRenewalDate: next === null ? null : formatOrdinal(next),
        renewalsInHorizon: cycleYears === null ? null : inHorizon.size,
      });
    }
  }

  items.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      compareDates(a.nextRenewalDate, b.nextRenewalDate) ||
      a.contractId - b.contractId ||
      (a.cycleYears ?? 0) - (b.cycleYears ?? 0),
  );
  const renewalsInHorizon = items.reduce((sum, item) => sum + (item.renewalsInHorizon ?? 0), 0);
  return { horizonYears: rules.renewalHorizonYears, items, renewalsInHorizon };
}

/** The coverage's anniversaries every `cycle` years after `today` and before its end; those up to `horizon` (inclusive) listed. */
function renewalSchedule(coverage: InsuranceCoverage, cycle: number, today: number, horizon: number): Schedule {
  const start = parseCompactDate(coverage.startDate);
  const end = ordinal(parseCompactDate(coverage.endDate));
  const anniversary = (k: number) => {
    const year = start.year + k * cycle;
    const day = start.month === 2 && start.day === 29 && !isLeapYear(year) ? 28 : start.day;
    return year * 10_000 + start.month * 100 + day;
  };
  let k = Math.max(1, Math.floor((Math.floor(today / 10_000) - start.year) / cycle));
  while (anniversary(k) <= today) k++;
  const first = anniversary(k);
  const inHorizon: number[] = [];
  for (let date = first; date < end && date <= horizon; date = anniversary(++k)) inHorizon.push(date);
  return { next: first < end ? first : null, inHorizon };
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Years between renewals when the source gives a usable number (a whole number of years from 1), else unknown. */
function cycleOf(coverage: InsuranceCoverage): number | null {
  const cycle = coverage.renewal?.cycleYears ?? null;
  return cycle !== null && Number.isInteger(cycle) && cycle > 0 ? cycle : null;
}

/** Dated items first, then those with no renewal before their end, then unknown cycles. */
const rank = (item: RenewalDto) => (item.nextRenewalDate !== null ? 0 : item.cycleYears !== null ? 1 : 2);

/** ISO dates (or none) in order; plain comparison, as the strings sort as the dates do. */
const compareDates = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);

const formatOrdinal = (value: number): string =>
  formatIsoDate({ year: Math.floor(value / 10_000), month: Math.floor(value / 100) % 100, day: value % 100 });
