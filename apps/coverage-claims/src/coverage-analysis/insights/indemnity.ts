import type { IndemnityContractDto, IndemnityInsightDto, IndemnityPersonDto } from '#contracts';
import { formatWon, type ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

/**
 * Duplicate 실손 (docs/decisions/coverage-insights.md, "Duplicate 실손"): per insured person, the
 * active contracts with a 실손의료비 coverage, the first begun first. More than one is a duplicate;
 * the first begun is kept, and the monthly premium of every other contract that covers nothing but
 * 실손 is the surplus.
 */
export function indemnityInsight(active: readonly ActiveContract[], customerName: string, rules: InsightRules): IndemnityInsightDto {
  const byPerson = new Map<string, ActiveContract[]>();
  for (const entry of active) {
    if (!entry.contract.coverages.some((coverage) => coverage.indemnity)) continue;
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
      .reduce((sum, contract) => sum + contract.monthlyPremium, 0);
    return { insuredPerson, contracts, duplicate: contracts.length > 1, surplusMonthlyPremium };
  });

  const duplicated = people.some((person) => person.duplicate);
  const surplusMonthlyPremium = people.reduce((sum, person) => sum + person.surplusMonthlyPremium, 0);
  const surplusContracts = people.some((person) => person.contracts.some((contract) => !contract.kept && contract.indemnityOnly));
  return {
    duplicated,
    people,
    surplusMonthlyPremium,
    message: duplicated ? indemnityMessage(surplusMonthlyPremium, surplusContracts, rules) : null,
  };
}

function indemnityMessage(surplus: number, surplusContracts: boolean, rules: InsightRules): string {
  const texts = rules.indemnity;
  const second = !surplusContracts
    ? texts.noSurplus
    : surplus > 0
      ? texts.surplus.replace('{premium}', formatWon(surplus))
      : texts.surplusPaidUp;
  return `${texts.duplicated} ${second}`;
}
