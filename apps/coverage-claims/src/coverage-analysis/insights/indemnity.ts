import type { IndemnityContractDto, IndemnityInsightDto, IndemnityPersonDto } from '#contracts';
import { ordinal, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import { formatWon } from '../../pdf/pdf-format.js';
import type { ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

/**
 * Duplicate 실손 (docs/decisions/coverage-insights.md, "Duplicate 실손"): per insured person, the
 * active contracts with a 실손의료비 coverage, the first begun first. More than one is a duplicate;
 * the first begun is kept, and the monthly premium of every other contract that covers nothing but
 * 실손 is the surplus. A 실손 coverage that has ended by the inquiry date covers nothing (as cover by
 * age counts it); a surplus contract whose premium the source does not give is said to be unknown.
 */
export function indemnityInsight(
  active: readonly ActiveContract[],
  customerName: string,
  on: LocalDate,
  rules: InsightRules,
): IndemnityInsightDto {
  const today = ordinal(on);
  const inForce = (endDate: string) => ordinal(parseCompactDate(endDate)) >= today;
  const byPerson = new Map<string, ActiveContract[]>();
  for (const entry of active) {
    if (!entry.contract.coverages.some((coverage) => coverage.indemnity && inForce(coverage.endDate))) continue;
    const person = entry.contract.insuredPerson;
    const list = byPerson.get(person);
    if (list) list.push(entry);
    else byPerson.set(person, [entry]);
  }
  // The customer first, then others in the order the analysis first lists them (Map keeps insertion order).
  const names = [...byPerson.keys()].sort((a, b) => Number(b === customerName) - Number(a === customerName));

  const people = names.map((insuredPerson): IndemnityPersonDto => {
    const entries = [...byPerson.get(insuredPerson)!].sort((a, b) =>
      a.contract.startDate < b.contract.startDate ? -1 : a.contract.startDate > b.contract.startDate ? 1 : a.contractId - b.contractId,
    );
    const contracts = entries.map((entry, index): IndemnityContractDto => ({
      ...entry.view,
      indemnityOnly: entry.contract.coverages.every((coverage) => coverage.indemnity),
      kept: index === 0,
    }));
    const surplusMonthlyPremium = contracts
      .filter((contract) => !contract.kept && contract.indemnityOnly)
      .reduce((sum, contract) => sum + (contract.monthlyPremium ?? 0), 0);
    return { insuredPerson, contracts, duplicate: contracts.length > 1, surplusMonthlyPremium };
  });

  const duplicated = people.some((person) => person.duplicate);
  const surplusMonthlyPremium = people.reduce((sum, person) => sum + person.surplusMonthlyPremium, 0);
  const surplus = people.flatMap((person) => person.contracts.filter((contract) => !contract.kept && contract.indemnityOnly));
  const unknown = surplus.some((contract) => contract.monthlyPremium === null);
  return {
    duplicated,
    people,
    surplusMonthlyPremium,
    message: duplicated ? indemnityMessage(surplusMonthlyPremium, surplus.length > 0, unknown, rules) : null,
  };
}

function indemnityMessage(surplus: number, surplusContracts: boolean, unknown: boolean, rules: InsightRules): string {
  const texts = rules.indemnity;
  const second = !surplusContracts
    ? texts.noSurplus
    : surplus > 0
      ? texts.surplus.replace('{premium}', formatWon(surplus))
      : unknown
        ? texts.surplusUnknown
        : texts.surplusPaidUp;
  // Some known and some unknown: the known amount, and that the rest is not known.
  return surplus > 0 && unknown ? `${texts.duplicated} ${second} ${texts.surplusUnknown}` : `${texts.duplicated} ${second}`;
}
