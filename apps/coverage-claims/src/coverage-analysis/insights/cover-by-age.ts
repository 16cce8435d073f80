import type { CoverByAgeCategoryDto, CoverByAgeDto, CoverStepDto, ShortfallAtAgeDto, ShortfallCategoryDto } from '#contracts';
import { ageOn, formatIsoDate, ordinal, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import { LIFETIME_END_DATE, type InsuranceDataCustomer } from '../../integrations/insurance-data/insurance-data.port.js';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';
import { unitLabelOf, unitOf } from '../../common/coverage-units.js';
import { nextDay, type ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

/** One catalogue coverage's held amounts: what never ends, and what ends, by the age at which it stops counting. */
interface HeldCover {
  lifetime: number;
  /** Age at which it stops counting → the amount, and the latest day after an end date among them. */
  ends: Map<number, { amount: number; date: LocalDate }>;
}

/**
 * Cover by age (docs/decisions/coverage-insights.md, "Cover by age"). A coverage counts from now
 * until the day after its end date, which falls at the customer's age that day (종신,
 * LIFETIME_END_DATE, never). Per catalogue coverage: the amount now (dated the inquiry date), then a
 * step at each age where it changes, dated the day it changes (the last such day when several
 * coverages end at one age); a change before the next birthday is a step at the current age. Shortfalls: at each checkpoint age still
 * ahead, the coverages held below the recommendation for that age.
 */
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
      code: coverage.code,
      name: coverage.name,
      unit: unitOf(coverage.code),
      unitLabel: unitLabelOf(coverage.code),
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
        code: recommendation.code,
        name: recommendation.name,
        unit: unitOf(recommendation.code),
        unitLabel: unitLabelOf(recommendation.code),
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
): Map<string, HeldCover> {
  const today = ordinal(on);
  // End date → [age it stops counting at, the day after it]: many coverages share an end date.
  const stops = new Map<string, { age: number; date: LocalDate }>();
  const held = new Map<string, HeldCover>();
  for (const { contract } of active) {
    for (const coverage of contract.coverages) {
      const code = catalogue.codeFor(coverage.name);
      if (code === undefined) continue;
      let cover = held.get(code);
      if (!cover) held.set(code, (cover = { lifetime: 0, ends: new Map() }));
      if (coverage.endDate === LIFETIME_END_DATE) {
        cover.lifetime += coverage.amount;
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
      const ending = cover.ends.get(stop.age);
      if (!ending) cover.ends.set(stop.age, { amount: coverage.amount, date: stop.date });
      else {
        ending.amount += coverage.amount;
        if (ordinal(stop.date) > ordinal(ending.date)) ending.date = stop.date;
      }
    }
  }
  return held;
}

/** The amount now, then one step per age where it changes (the current age too, for a change before the next birthday); summed from the last age back. */
function stepsFrom(cover: HeldCover | undefined, age: number, on: LocalDate): CoverStepDto[] {
  if (!cover) return [{ age, date: formatIsoDate(on), amount: 0 }];
  const ages = [...cover.ends.keys()].sort((a, b) => b - a);
  const later: CoverStepDto[] = [];
  let amount = cover.lifetime;
  for (const at of ages) {
    const ending = cover.ends.get(at)!;
    if (ending.amount === 0) continue;
    later.push({ age: at, date: formatIsoDate(ending.date), amount });
    amount += ending.amount;
  }
  later.reverse();
  return [{ age, date: formatIsoDate(on), amount }, ...later];
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
