// The spec's "Coverage analysis payload" tables, written once: field → JSON type. `?` marks an
// optional field; `|null` a nullable one. Shared by the tests that hold an analysis against the spec:
// the pure computation, the HTTP answer, the OpenAPI document (and reports in JSON).
export type JsonType = 'string' | 'integer' | 'number' | 'array' | 'object' | 'date-time';
export const ANALYSIS_PAYLOAD_SPEC = {
  analysis: {
    phone_number: 'string',
    customer_name: 'string',
    gender: 'string',
    date_of_birth: 'string',
    age: 'integer',
    insuAge: 'integer',
    premium: 'number',
    paid_premium: 'number',
    total_premium: 'number',
    future_premium: 'number',
    inquiry_time: 'string',
    coverages: 'array',
    coverage_count: 'integer',
    coverage_good_count: 'integer',
    coverage_bad_count: 'integer',
    coverage_good_names: 'string',
    coverage_bad_names: 'string',
    contracts: 'array',
  },
  coverage: {
    category_code: 'string',
    category_name: 'string',
    coverage_code: 'string',
    coverage_name: 'string',
    recommend: 'number',
    limit: 'number',
    amount: 'number',
    status_code: 'string',
    status_name: 'string',
  },
  contract: {
    comapny_code: 'string',
    company_name: 'string',
    product_name: 'string',
    start_date: 'string',
    end_date: 'string',
    contractor: 'string',
    coverages: 'array',
    period: 'number',
    premium: 'number',
    payment_cycle_code: 'string|null',
    payment_number: 'number|null',
    payment_cycle: 'string|null',
    type: 'string',
    company: 'object',
    state: 'string',
    insured_person: 'string',
  },
  contractCoverage: {
    coverage_name: 'string',
    'coverage_code?': 'string',
    amount: 'number',
    contract_id: 'integer',
    customer_id: 'integer',
    number: 'integer',
    create_time: 'date-time',
  },
  company: {
    code: 'string',
    name: 'string',
    agency_code: 'string',
    agency_name: 'string',
    other_name: 'string',
    intial: 'string',
    ci_path: 'string',
  },
} as const satisfies Record<string, Record<string, `${JsonType}${'' | '|null'}`>>;

export function hasJsonType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'date-time':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));
  }
}

/** The problems of `object` against a spec table: missing, extra or mistyped fields. */
function problems(object: Record<string, unknown>, table: Record<string, string>, where: string): string[] {
  const found: string[] = [];
  const fields = new Map(Object.entries(table).map(([name, type]) => [name.replace(/\?$/, ''), { type, optional: name.endsWith('?') }]));
  for (const name of Object.keys(object)) if (!fields.has(name)) found.push(`${where}.${name}: not in the spec`);
  for (const [name, { type, optional }] of fields) {
    if (!(name in object)) {
      if (!optional) found.push(`${where}.${name}: missing`);
      continue;
    }
    const [base, nullable] = type.split('|') as [JsonType, string | undefined];
    const value = object[name];
    if (!(hasJsonType(value, base) || (nullable === 'null' && value === null)))
      found.push(`${where}.${name}: ${JSON.stringify(value)} is not ${type}`);
  }
  return found;
}

/**
 * Every difference between an `analysis` object and the spec at every level (the analysis, its
 * coverages, its contracts, their company and coverages): missing, extra or mistyped fields, each
 * named by its path (`contracts.3.coverages.0.customer_id: "7" is not integer`). Empty when it matches.
 */
export function analysisPayloadProblems(analysis: Record<string, unknown>, where = 'analysis'): string[] {
  const spec = ANALYSIS_PAYLOAD_SPEC;
  const found = problems(analysis, spec.analysis, where);
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  list(analysis.coverages).forEach((coverage, index) => found.push(...problems(coverage, spec.coverage, `${where}.coverages.${index}`)));
  list(analysis.contracts).forEach((entry, index) => {
    found.push(...problems(entry, spec.contract, `${where}.contracts.${index}`));
    if (typeof entry.company === 'object' && entry.company !== null)
      found.push(...problems(entry.company as Record<string, unknown>, spec.company, `${where}.contracts.${index}.company`));
    list(entry.coverages).forEach((coverage, position) =>
      found.push(...problems(coverage, spec.contractCoverage, `${where}.contracts.${index}.coverages.${position}`)),
    );
  });
  return found;
}
