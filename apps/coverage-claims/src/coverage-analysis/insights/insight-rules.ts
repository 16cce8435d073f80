// The shape of a version of the insights' rules and figures (insights/v<version>/index.ts). A version
// is frozen once answered: a change is a new version, and analyses name the version they used.
// Every figure's source: docs/sources/coverage-insights.md.

/** A published figure the customer's premium share of income is shown beside. */
export interface IncomeShareReference {
  label: string;
  percentFrom: number;
  percentTo: number | null;
  source: string;
  year: number;
}

export interface InsightRules {
  version: string;
  /** Later ages at which held cover is set against the recommendation (only those still ahead). */
  checkpointAges: readonly number[];
  /** Years ahead over which renewals are counted. */
  renewalHorizonYears: number;
  income: {
    references: readonly IncomeShareReference[];
    /** That the references are a guide, not a rule (Korean). */
    guide: string;
  };
  indemnity: {
    /** Said whenever someone holds more than one 실손 contract (Korean). */
    duplicated: string;
    /** Added when the surplus 실손-only contracts cost something; `{premium}` is the monthly amount, formatted. */
    surplus: string;
    /** Added when the surplus 실손-only contracts are paid up: they cost nothing a month. */
    surplusPaidUp: string;
    /** Added when every surplus contract carries other cover too, so no premium of its own is known. */
    noSurplus: string;
    /** Added when the source does not say what some surplus 실손-only contract costs (no payment cycle or count). */
    surplusUnknown: string;
  };
}
