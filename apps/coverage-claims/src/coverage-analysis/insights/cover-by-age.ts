import type {
  InsightCoverageDto,
  CoverByAgeCategoryDto,
  CoverByAgeDto,
  CoverStepDto,
  ShortfallAtAgeDto,
  ShortfallCategoryDto,
} from '#contracts';
import { ageOn, formatIsoDate, nextDay, ordinal, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import { LIFETIME_END_DATE, type InsuranceDataCustomer } from '../../integrations/insurance-data/insurance-data.port.js';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';
import { unitLabelOf, unitOf } from '../../common/coverage-units.js';
import type { ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

/** One coverage of an active contract, as cover by age counts it. */
interface HeldEntry {
  amount: number;
  /** 실손: several do not add up (비례보상): the largest in force counts. */
  indemnity: boolean;
  /** The age at which it stops counting (Infinity for 종신) and the day it stops. */
  stopAge: number;
  stopDate: LocalDate | null;
}

/**
 * What a catalogue coverage holds from `entries`: the sum of the lump sums and rates (as the analysis
 * sums them), plus the largest 실손 limit in force (두 개의 5,000만원 실손 are 5,000만원, not 1억원:
 * together they pay a bill once). Only what still counts after the age `after`, when given.
 */
function heldOf(entries: readonly HeldEntry[], after = -Infinity): number {
  let sum = 0;
  let indemnity = 0;
  for (const entry of entries) {
    if (entry.stopAge <= after) continue;
    if (entry.indemnity) indemnity = Math.max(indemnity, entry.amount);
    else sum += entry.amount;
  }
  return sum + indemnity;
}

export function coverByAge(
  active: readonly ActiveContract[],
  customer: InsuranceDataCustomer,
  catalogue: CoverageCatalogue,
  on: LocalDate,
  rules: InsightRules,
): CoverByAgeDto {
  const birth = parseCompactDate(customer.birthDate);
  const age = ageOn(birth, on);
  const held = heldCovers(active, catalogue, birth, on, age);
  const steps = new Map<string, CoverStepDto[]>();
  const stepsOf = (code: string) => {
    let list = steps.get(code);
    if (!list) steps.set(code, (list = stepsFrom(held.get(code), age, on)));
    return list;
  };

  const checkpoints = rules.checkpointAges.filter((checkpoint) => checkpoint > age);
  const recommendations = [age, ...checkpoints].map((at) => catalogue.recommendationsFor(at, customer.gender));
  const recommended = new Set(recommendations.flatMap((list) => list.filter((item) => item.recommend > 0).map((item) => item.code)));

  const categories: CoverByAgeCategoryDto[] = [];
  for (const coverage of catalogue.coverages) {
    const coverageSteps = stepsOf(coverage.code);
    if (coverageSteps[0]!.amount <= 0 && !recommended.has(coverage.code)) continue;
    let category = categories.at(-1);
    if (category?.code !== coverage.categoryCode) {
      category = { code: coverage.categoryCode, name: coverage.categoryName, coverages: [] };
      categories.push(category);
    }
    category.coverages.push({
      ...insightCoverage(coverage),
      steps: coverageSteps,
    });
  }

  const shortfalls = checkpoints.map((checkpoint, index): ShortfallAtAgeDto => {
    const short: ShortfallCategoryDto[] = [];
    for (const recommendation of recommendations[index + 1]!) {
      const amount = amountAt(stepsOf(recommendation.code), checkpoint);
      if (amount >= recommendation.recommend) continue;
      let category = short.at(-1);
      if (category?.code !== recommendation.categoryCode) {
        category = { code: recommendation.categoryCode, name: recommendation.categoryName, coverages: [] };
        short.push(category);
      }
      category.coverages.push({
        ...insightCoverage(recommendation),
        held: amount,
        recommended: recommendation.recommend,
      });
    }
    return { age: checkpoint, categories: short };
  });

  return { age, categories, shortfalls };
}

function heldCovers(
  active: readonly ActiveContract[],
  catalogue: CoverageCatalogue,
  birth: LocalDate,
  on: LocalDate,
  age: number,
): Map<string, HeldEntry[]> {
  const today = ordinal(on);
  // End date → [age it stops counting at, the day after it]: many coverages share an end date.
  const stops = new Map<string, { age: number; date: LocalDate }>();
  const held = new Map<string, HeldEntry[]>();
  for (const { contract } of active) {
    for (const coverage of contract.coverages) {
      const code = catalogue.codeFor(coverage.name);
      if (code === undefined) continue;
      let entries = held.get(code);
      if (!entries) held.set(code, (entries = []));
      if (coverage.endDate === LIFETIME_END_DATE) {
        entries.push({ amount: coverage.amount, indemnity: coverage.indemnity, stopAge: Infinity, stopDate: null });
        continue;
      }
      let stop = stops.get(coverage.endDate);
      if (!stop) {
        const end = parseCompactDate(coverage.endDate);
        // Ended before the inquiry date: it counts at no age ahead (nor before the birth date, for ageOn).
        const date = nextDay(end);
        stop = ordinal(end) < today ? { age: -1, date } : { age: ageOn(birth, date), date };
        stops.set(coverage.endDate, stop);
      }
      if (stop.age < age) continue;
      entries.push({ amount: coverage.amount, indemnity: coverage.indemnity, stopAge: stop.age, stopDate: stop.date });
    }
  }
  return held;
}

/**
 * The amount now, then one step per age where it changes (the current age too, for a change before
 * the next birthday), dated the last day a coverage stops at that age.
 */
function stepsFrom(entries: readonly HeldEntry[] | undefined, age: number, on: LocalDate): CoverStepDto[] {
  if (!entries) return [{ age, date: formatIsoDate(on), amount: 0 }];
  const steps: CoverStepDto[] = [{ age, date: formatIsoDate(on), amount: heldOf(entries) }];
  const ages = [...new Set(entries.map((entry) => entry.stopAge).filter((at) => at !== Infinity))].sort((a, b) => a - b);
  for (const at of ages) {
    let last: LocalDate | null = null;
    for (const entry of entries)
      if (entry.stopAge === at && (last === null || ordinal(entry.stopDate!) > ordinal(last))) last = entry.stopDate;
    const amount = heldOf(entries, at);
    if (amount !== steps.at(-1)!.amount) steps.push({ age: at, date: formatIsoDate(last!), amount });
  }
  return steps;
}

/** The amount held at `age`: the last step at or before it. */
function amountAt(steps: readonly CoverStepDto[], age: number): number {
  let amount = steps[0]!.amount;
  for (const step of steps) {
    if (step.age > age) break;
    amount = step.amount;
  }
  return amount;
}

/** A catalogue coverage as the insights name it: code, name and what its amounts are per. */
function insightCoverage({ code, name }: { code: string; name: string }): InsightCoverageDto {
  return { code, name, unit: unitOf(code), unitLabel: unitLabelOf(code) };
}
