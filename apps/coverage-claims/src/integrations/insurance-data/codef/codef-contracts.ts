import { createHmac, randomBytes } from 'node:crypto';
import { addMonthsClamped, ordinal, parseCompactDate, type LocalDate } from '../../../common/calendar.js';
import { normaliseCoverageName } from '../../../common/coverage-names.js';
import { INSURERS_2026_11 } from '../../../insurers/catalogue/v2026-11/index.js';
import { indemnityRenewalCycle } from '../indemnity-renewal.js';
import {
  LIFETIME_END_DATE,
  ContractPurpose,
  ContractState,
  ContractType,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  type CoverageRenewal,
  type InsuranceContract,
  type InsuranceCoverage,
} from '../insurance-data.port.js';

// The credit4u contract product's answer (`data` of /v1/kr/insurance/0001/credit4u/contract-info)
// mapped to the port. Every rule, and why, is in docs/decisions/coverage-analysis.md, "Contracts
// from CODEF". Nothing here logs: the answer holds names and policy numbers.

export { LIFETIME_END_DATE };

/** A contract whose insurer the catalogue does not know keeps CODEF's code under this prefix, so it never reads as a catalogue code. */
export const UNKNOWN_INSURER_PREFIX = 'CODEF_';

/** What credit4u calls the state of a contract or coverage. */
const STATES: Readonly<Record<string, ContractState>> = {
  정상: ContractState.Active,
  // Paid up, or payment waived (after a claim): still in force, nothing more to pay.
  납입완료: ContractState.Active,
  납입면제: ContractState.Active,
  유지: ContractState.Active,
  실효: ContractState.Lapsed,
  해지: ContractState.Surrendered,
  만기: ContractState.Expired,
  소멸: ContractState.Expired,
};

/** A state credit4u's list does not name: not counted as in force, so an unknown word never adds cover the customer may not have. */
const UNKNOWN_STATE = ContractState.Lapsed;

const CYCLES: Readonly<Record<string, PaymentCycle>> = {
  매월납: PaymentCycle.Monthly,
  월납: PaymentCycle.Monthly,
  '3개월납': PaymentCycle.Quarterly,
  분기납: PaymentCycle.Quarterly,
  '6개월납': PaymentCycle.SemiAnnual,
  반기납: PaymentCycle.SemiAnnual,
  연납: PaymentCycle.Annual,
  년납: PaymentCycle.Annual,
  일시납: PaymentCycle.LumpSum,
};

/**
 * credit4u's company names that differ from the catalogue's (the registered name, with 해상보험,
 * 생명보험 and the like). The catalogue's own names map to their codes without an entry here.
 */
const INSURER_ALIASES: Readonly<Record<string, string>> = {
  삼성생명보험: '삼성생명',
  한화생명보험: '한화생명',
  교보생명보험: '교보생명',
  신한라이프생명: '신한라이프',
  신한라이프생명보험: '신한라이프',
  농협생명: 'NH농협생명',
  농협생명보험: 'NH농협생명',
  NH농협생명보험: 'NH농협생명',
  미래에셋생명보험: '미래에셋생명',
  흥국생명보험: '흥국생명',
  삼성화재해상보험: '삼성화재',
  현대해상화재보험: '현대해상',
  디비손해보험: 'DB손해보험',
  케이비손해보험: 'KB손해보험',
  메리츠화재해상보험: '메리츠화재',
  흥국화재해상보험: '흥국화재',
  농협손해보험: 'NH농협손해보험',
};

const insurerKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/\(주\)|주식회사|\s+/g, '')
    .toUpperCase();

const CATALOGUE_INSURERS = new Map(INSURERS_2026_11.map((insurer) => [insurerKey(insurer.name), insurer.code]));
for (const [alias, name] of Object.entries(INSURER_ALIASES)) {
  const code = CATALOGUE_INSURERS.get(insurerKey(name));
  if (code === undefined) throw new Error(`INSURER_ALIASES names ${name}, which the insurer catalogue does not know`);
  CATALOGUE_INSURERS.set(insurerKey(alias), code);
}

/** The catalogue's insurer code for a credit4u company, by its name (CODEF's company codes are not the catalogue's). */
export function catalogueInsurerCode(companyName: string, codefCode: string): string {
  return CATALOGUE_INSURERS.get(insurerKey(companyName)) ?? `${UNKNOWN_INSURER_PREFIX}${codefCode}`;
}

type Fields = Record<string, unknown>;

/** One contract while the two lists are merged. */
interface Draft {
  flat: Fields | null;
  actualLoss: Fields[];
}

/** What a parse could not read, for the operators' log: never a value of the customer's. */
export interface CodefContractsNotice {
  /** Contracts left out: no date could be read for them. */
  undated: number;
  /** State words the table does not know (counted as not in force): credit4u's vocabulary, not personal. */
  unknownStates: string[];
}

/**
 * The contracts of a credit4u answer: both lists merged, one contract once, in the order the lists
 * give them. `notice` hears what could not be read (contracts left out, unknown state words).
 */
export function parseCodefContracts(data: unknown, notice?: (what: CodefContractsNotice) => void): InsuranceContract[] {
  const answer = isFields(data) ? data : {};
  // The policy number (unmasked in resPolicyNumberHid) only ever lives here as a keyed hash, whose key dies with the parse.
  const key = randomBytes(32);
  const drafts: Draft[] = [];
  const byPolicy = new Map<string, Draft>();
  const draftFor = (entry: Fields): Draft => {
    const policy = matchKey(entry, key);
    const known = policy === null ? undefined : byPolicy.get(policy);
    if (known) return known;
    const draft: Draft = { flat: null, actualLoss: [] };
    drafts.push(draft);
    if (policy !== null) byPolicy.set(policy, draft);
    return draft;
  };

  for (const entry of listOf(answer.resFlatRateContractList)) {
    const draft = draftFor(entry);
    // The same policy twice in the flat-rate list is one contract: the first entry stands.
    draft.flat ??= entry;
  }
  for (const entry of listOf(answer.resActualLossContractList)) draftFor(entry).actualLoss.push(entry);

  const contracts: InsuranceContract[] = [];
  let undated = 0;
  for (const draft of drafts) {
    const contract = draft.flat ? flatRateContract(draft.flat, draft.actualLoss) : actualLossContract(draft.actualLoss);
    if (contract) contracts.push(contract);
    else undated++;
  }
  const unknownStates = [...new Set(stateWords(answer).filter((word) => !(word in STATES)))];
  if (notice && (undated > 0 || unknownStates.length > 0)) notice({ undated, unknownStates });
  return contracts;
}

/** Every state word of the answer that looks like one (a short Hangul word): what the notice may name. */
function stateWords(answer: Fields): string[] {
  const entries = [...listOf(answer.resFlatRateContractList), ...listOf(answer.resActualLossContractList)];
  return [
    entries.map((entry) => entry.resContractStatus),
    entries.flatMap((entry) => listOf(entry.resCoverageLists).map((row) => row.resCoverageStatus)),
  ]
    .flat()
    .map(text)
    .filter((word) => /^[가-힣]{1,10}$/.test(word));
}

/** Company code and the policy number's keyed hash; null when the number is missing or masked (then no match is safe). */
function matchKey(entry: Fields, key: Buffer): string | null {
  const policy = text(entry.resPolicyNumberHid);
  if (policy === '' || policy.includes('*')) return null;
  const hash = createHmac('sha256', key).update(policy).digest('base64url');
  return `${text(entry.resCompanyNmCode)}|${hash}`;
}

function flatRateContract(flat: Fields, actualLoss: Fields[]): InsuranceContract | null {
  // Dates it lacks come from its 실손 entry's coverages, as a 실손-only contract's do.
  const start = compactDate(flat.commStartDate) ?? actualLossSpan(actualLoss)?.start ?? null;
  const end = endDate(flat.commEndDate) ?? actualLossSpan(actualLoss)?.end ?? null;
  if (start === null || end === null) return null;
  const state = stateOf(flat.resContractStatus);
  const cycle = CYCLES[text(flat.resPaymentCycle)] ?? null;
  const firstCoverage = listOf(flat.resCoverageLists)[0];
  const productName = text(flat.resInsuranceName);
  const terms: ContractTerms = { start, end, productName };
  return {
    ...insurerOf(flat),
    productName,
    startDate: start,
    endDate: end,
    contractor: text(flat.resContractor),
    insuredPerson: text(flat.resInsuredPerson) || text(firstCoverage?.resInsuredPerson) || text(actualLoss[0]?.resInsuredPerson),
    state,
    type: typeOf(flat),
    premium: amount(flat.resPremium),
    ...paymentOf(cycle, text(flat.resPaymentPeriod), start, end),
    purpose: purposeOf(productName),
    coverages: [...coveragesOf(listOf(flat.resCoverageLists), state, terms), ...actualLossCoverages(actualLoss, state, terms)],
  };
}

/** A 실손 contract with no flat-rate entry: no premium, cycle or period in the source, its dates from its coverages. */
function actualLossContract(entries: Fields[]): InsuranceContract | null {
  const first = entries[0]!;
  const span = actualLossSpan(entries);
  if (!span) return null;
  const state = stateOf(first.resContractStatus);
  const productName = text(first.resInsuranceName);
  return {
    ...insurerOf(first),
    productName,
    startDate: span.start,
    endDate: span.end,
    contractor: text(first.resContractor),
    insuredPerson: text(first.resInsuredPerson),
    state,
    type: typeOf(first),
    premium: 0,
    paymentCycle: null,
    paymentCount: null,
    paymentPeriodYears: 0,
    purpose: purposeOf(productName),
    coverages: actualLossCoverages(entries, state, { start: span.start, end: span.end, productName }),
  };
}

/** The earliest start and latest end of 실손 entries' coverages; undefined when either cannot be read. */
function actualLossSpan(entries: Fields[]): { start: string; end: string } | undefined {
  const all = entries.flatMap((entry) => listOf(entry.resCoverageLists));
  const starts = all.map((coverage) => compactDate(coverage.commStartDate)).filter((date) => date !== null);
  const ends = all.map((coverage) => endDate(coverage.commEndDate)).filter((date) => date !== null);
  if (starts.length === 0 || ends.length === 0) return undefined;
  return { start: starts.reduce((a, b) => (b < a ? b : a)), end: ends.reduce((a, b) => (b > a ? b : a)) };
}

/**
 * A flat-rate contract's coverages. credit4u files one coverage that pays whatever the cause under
 * both causes' agreement types: "일반사망" 5,000만 once as 질병사망 and once as 상해사망, each with the
 * whole amount. Two rows of one name whose agreement types are 질병X and 상해X (the same X) are that
 * one coverage: one row, the smaller amount, where it stood first, for as long as both rows run;
 * counting both would double it.
 */
function coveragesOf(rows: Fields[], contractState: ContractState, terms: ContractTerms): InsuranceCoverage[] {
  const coverageOf = (row: Fields) => coverageOfRow(row, terms, false);
  const visible = shown(rows, contractState);
  const dropped = new Set<Fields>();
  const merged = new Map<Fields, InsuranceCoverage>();
  for (const row of visible) {
    const type = text(row.resAgreementType);
    if (dropped.has(row) || merged.has(row) || !type.startsWith('질병')) continue;
    const twin = visible.find(
      (other) =>
        other !== row &&
        !dropped.has(other) &&
        !merged.has(other) &&
        text(other.resCoverageName) === text(row.resCoverageName) &&
        text(other.resAgreementType) === `상해${type.slice('질병'.length)}`,
    );
    if (!twin) continue;
    const [first, second] = visible.indexOf(row) < visible.indexOf(twin) ? [row, twin] : [twin, row];
    // One coverage: the smaller amount, and it covers while both rows do (as a composed 실손 does).
    merged.set(first, {
      ...coverageOf(first),
      ...coverageSpan([row, twin], terms),
      amount: Math.min(amount(row.resCoverageAmount), amount(twin.resCoverageAmount)),
    });
    dropped.add(second);
  }
  return visible.filter((row) => !dropped.has(row)).map((row) => merged.get(row) ?? coverageOf(row));
}

/**
 * An in-force contract shows only its in-force coverages (a lapsed rider covers nothing); any other
 * contract shows what it had. A coverage without a state shares its contract's.
 */
function shown(rows: Fields[], contractState: ContractState): Fields[] {
  const inForce = (coverage: Fields) =>
    text(coverage.resCoverageStatus) === '' || stateOf(coverage.resCoverageStatus) === ContractState.Active;
  return rows.filter((coverage) => contractState !== ContractState.Active || inForce(coverage));
}

/** What a coverage takes from its contract: the dates it has when it gives none, and the product name (a 갱신형 product renews every coverage). */
interface ContractTerms {
  start: string;
  end: string;
  productName: string;
}

function coverageOfRow(row: Fields, terms: ContractTerms, indemnity: boolean): InsuranceCoverage {
  const code = text(row.resCoverageCode);
  const name = text(row.resCoverageName);
  const { startDate, endDate } = coverageSpan([row], terms);
  return {
    name,
    amount: amount(row.resCoverageAmount),
    ...(code !== '' && { code }),
    startDate,
    endDate,
    renewal: renewalOf(name, terms.productName, indemnity ? startDate : null),
    indemnity,
  };
}

/**
 * A coverage's dates: its own `commStartDate`/`commEndDate` where it gives them (실손 coverages do;
 * a rider may), else its contract's; within its contract's (a coverage never begins before or ends
 * after it). A coverage made of several rows covers while all of them do: the latest start, the
 * earliest end. Dates that do not overlap the contract's at all are not believed: the contract's.
 */
function coverageSpan(rows: Fields[], terms: ContractTerms): Pick<InsuranceCoverage, 'startDate' | 'endDate'> {
  const starts = rows.map((row) => compactDate(row.commStartDate) ?? terms.start);
  const ends = rows.map((row) => endDate(row.commEndDate) ?? terms.end);
  const latestStart = [terms.start, ...starts].reduce((a, b) => (b > a ? b : a));
  const earliestEnd = [terms.end, ...ends].reduce((a, b) => (b < a ? b : a));
  if (earliestEnd < latestStart) return { startDate: terms.start, endDate: terms.end };
  return { startDate: latestStart, endDate: earliestEnd };
}

const NOT_RENEWING = /(비|무)갱신/;
/** "(20년갱신형)", "(3년갱신)", "10년 갱신", "(15년만기갱신형)", "5년마다 갱신": the cycle in years. */
const RENEWAL_CYCLE = /(?<!\d)(\d{1,2})년(?:만기|마다)?(?:자동)?갱신/;

/**
 * What a name says of renewal: undefined when it says nothing, null for 비갱신형, else the cycle
 * ("(20년갱신형)" → 20; "(갱신형)" → null years).
 */
export function renewalInName(name: string): CoverageRenewal | null | undefined {
  const compact = name.normalize('NFKC').replace(/\s+/g, '');
  if (NOT_RENEWING.test(compact)) return null;
  if (!compact.includes('갱신')) return undefined;
  const cycle = RENEWAL_CYCLE.exec(compact);
  return { cycleYears: cycle && Number(cycle[1]) > 0 ? Number(cycle[1]) : null };
}

/**
 * A coverage's renewal. 실손의료비 (`indemnityStart` given): renewable by regulation, every year since
 * April 2013, every 3 years from October 2009, as the insurer wrote it before (then the name's
 * cycle, else unknown); a cycle its name gives (often the 15-year re-subscription) does not change the
 * premium's. Anything else: its own name's word, else its product's, else 비갱신형 (null).
 */
function renewalOf(name: string, productName: string, indemnityStart: string | null): CoverageRenewal | null {
  if (indemnityStart !== null) {
    return { cycleYears: indemnityRenewalCycle(indemnityStart) ?? renewalInName(name)?.cycleYears ?? null };
  }
  const own = renewalInName(name);
  if (own !== undefined) return own;
  return renewalInName(productName) ?? null;
}

/**
 * What the premium buys, from the product's name: 연금 → PENSION; 저축, 적립, 양로, 교육보험, or 변액
 * without a protection word (종신, 정기, CI, 건강, 암) → SAVINGS; anything else → PROTECTION.
 */
export function purposeOf(productName: string): ContractPurpose {
  const name = productName.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  if (name.includes('연금')) return ContractPurpose.Pension;
  if (/저축|적립|양로|교육보험/.test(name)) return ContractPurpose.Savings;
  if (name.includes('변액') && !/종신|정기|CI|GI|건강|암/.test(name)) return ContractPurpose.Savings;
  return ContractPurpose.Protection;
}

/** The names the catalogue maps to whole-of-care 실손 (03_HIN, 03_HOT). */
const WHOLE_INPATIENT_NAME = '실손의료비(입원)';
const WHOLE_OUTPATIENT_NAME = '실손의료비(통원)';

type Cause = '상해' | '질병';
type Care = '입원' | '외래' | '처방조제';
const CAUSES: readonly Cause[] = ['상해', '질병'];

/**
 * "상해 입원의료비", "질병외래의료비", "상해 처방 조제료(갱신형)", once normalised as the catalogue compares
 * names: cause and kind of care; 급여/비급여 splits and anything else do not match.
 */
const SPLIT_NAME = /^(상해|질병)(입원의료비|외래의료비|처방조제료)$/;

/** A 실손 row of medical indemnity (`resType` 실손의료비); 기타실손 (liability, car cover) and a row without a type are not. */
function isIndemnity(row: Fields): boolean {
  return text(row.resType).replace(/\s+/g, '') === '실손의료비';
}

function splitOf(row: Fields): { cause: Cause; care: Care } | null {
  if (!isIndemnity(row)) return null;
  const match = SPLIT_NAME.exec(normaliseCoverageName(text(row.resCoverageName)));
  if (!match) return null;
  const care: Care = match[2] === '입원의료비' ? '입원' : match[2] === '외래의료비' ? '외래' : '처방조제';
  return { cause: match[1] as Cause, care };
}

/**
 * The coverages of a contract's 실손 entries, credit4u's split 실손의료비 composed into whole-of-care
 * cover where both causes are covered: `실손의료비(입원)` = the smaller of the 상해 and 질병 입원의료비
 * limits; `실손의료비(통원)` = per cause 외래의료비 + 처방조제료 (none: 0), the smaller over the causes,
 * when both causes have an 외래의료비. A composed coverage stands in place of the first coverage it was
 * made of and the others it was made of are gone, so nothing is counted twice; a cause reported twice
 * for one kind of care, one cause alone, 급여/비급여 splits and 기타실손 stay as given. A composed
 * coverage covers while all its rows do (the latest start, the earliest end) and is 실손 (indemnity).
 * docs/decisions/coverage-analysis.md, "Contracts from CODEF".
 */
function actualLossCoverages(entries: Fields[], contractState: ContractState, terms: ContractTerms): InsuranceCoverage[] {
  const rows = shown(
    entries.flatMap((entry) => listOf(entry.resCoverageLists)),
    contractState,
  );
  // A row's renewal reads its own 실손 entry's product name (a merged contract's is the flat-rate one's).
  const productOf = new Map<Fields, string>();
  for (const entry of entries) for (const row of listOf(entry.resCoverageLists)) productOf.set(row, text(entry.resInsuranceName));
  const coverageOf = (row: Fields) => coverageOfRow(row, { ...terms, productName: productOf.get(row) ?? '' }, isIndemnity(row));
  const found = new Map<string, Fields[]>();
  for (const row of rows) {
    const split = splitOf(row);
    if (!split) continue;
    const key = `${split.cause}${split.care}`;
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  /** The one row of a cause and kind of care; null when there is none, undefined when there are several (ambiguous). */
  const one = (cause: Cause, care: Care): Fields | null | undefined => {
    const list = found.get(`${cause}${care}`) ?? [];
    return list.length === 0 ? null : list.length === 1 ? list[0] : undefined;
  };

  const composed = new Map<Fields, InsuranceCoverage | null>();
  const compose = (sources: Fields[], name: string, amount: number) => {
    const span = coverageSpan(sources, terms);
    const coverage: InsuranceCoverage = {
      name,
      amount,
      ...span,
      renewal: renewalOf(text(sources[0]!.resCoverageName), '', span.startDate),
      indemnity: true,
    };
    sources.forEach((source, index) => composed.set(source, index === 0 ? coverage : null));
  };

  const inpatient = CAUSES.map((cause) => one(cause, '입원'));
  if (inpatient.every((row) => row)) {
    const sources = inpatient as Fields[];
    compose(sorted(sources, rows), WHOLE_INPATIENT_NAME, Math.min(...sources.map((row) => amount(row.resCoverageAmount))));
  }
  const outpatient = CAUSES.map((cause) => ({ visit: one(cause, '외래'), prescription: one(cause, '처방조제') }));
  if (outpatient.every(({ visit, prescription }) => visit && prescription !== undefined)) {
    const perCause = outpatient.map(
      ({ visit, prescription }) => amount(visit!.resCoverageAmount) + (prescription ? amount(prescription.resCoverageAmount) : 0),
    );
    const sources = outpatient.flatMap(({ visit, prescription }) => (prescription ? [visit!, prescription] : [visit!]));
    compose(sorted(sources, rows), WHOLE_OUTPATIENT_NAME, Math.min(...perCause));
  }

  return rows.flatMap((row) => {
    const stand = composed.get(row);
    if (stand === undefined) return [coverageOf(row)];
    return stand === null ? [] : [stand];
  });
}

/** The rows in the order the contract lists them. */
function sorted(sources: Fields[], rows: Fields[]): Fields[] {
  return [...sources].sort((a, b) => rows.indexOf(a) - rows.indexOf(b));
}

function insurerOf(entry: Fields): Pick<InsuranceContract, 'insurerCode' | 'insurerName'> {
  const name = text(entry.resCompanyNm);
  return { insurerCode: catalogueInsurerCode(name, text(entry.resCompanyNmCode)), insurerName: name };
}

/** credit4u's company codes start with L (life) or N (non-life); without one, the name says 생명 or not. */
function typeOf(entry: Fields): ContractType {
  const code = text(entry.resCompanyNmCode).toUpperCase();
  if (code.startsWith('L')) return ContractType.Life;
  if (code.startsWith('N')) return ContractType.NonLife;
  return text(entry.resCompanyNm).includes('생명') ? ContractType.Life : ContractType.NonLife;
}

function stateOf(value: unknown): ContractState {
  return STATES[text(value)] ?? UNKNOWN_STATE;
}

/**
 * The payment period's years and number of payments. "N년": N years, N × 12 ÷ months per payment
 * payments. "전기납" (paid over the whole term): the term's whole years, when the term has an end.
 * A lump sum is one payment and 0 years, whatever the period says. "종신납", a period in ages
 * ("60세") or anything else: the number of payments is unknown (null) and the years 0.
 */
function paymentOf(
  cycle: PaymentCycle | null,
  period: string,
  start: string,
  end: string,
): Pick<InsuranceContract, 'paymentCycle' | 'paymentCount' | 'paymentPeriodYears'> {
  if (cycle === PaymentCycle.LumpSum) return { paymentCycle: cycle, paymentCount: 1, paymentPeriodYears: 0 };
  let years: number | null = null;
  const stated = /^(\d{1,3})년/.exec(period);
  if (stated && Number(stated[1]) > 0) years = Number(stated[1]);
  else if (period === '전기납' && end !== LIFETIME_END_DATE) years = wholeYearsBetween(parseCompactDate(start), parseCompactDate(end));
  if (years === null) return { paymentCycle: cycle, paymentCount: null, paymentPeriodYears: 0 };
  const months = cycle === null ? null : PAYMENT_CYCLE_MONTHS[cycle];
  return { paymentCycle: cycle, paymentCount: months === null ? null : (years * 12) / months, paymentPeriodYears: years };
}

function wholeYearsBetween(start: LocalDate, end: LocalDate): number {
  let years = end.year - start.year;
  if (ordinal(addMonthsClamped(start, 12 * years)) > ordinal(end)) years -= 1;
  return Math.max(0, years);
}

/** `종신` is a lifetime end; anything else must be a calendar date YYYYMMDD. */
function endDate(value: unknown): string | null {
  return text(value) === '종신' ? LIFETIME_END_DATE : compactDate(value);
}

/** YYYYMMDD, or with `.`, `-` or `/` between its parts (YYYY.MM.DD): a calendar date as YYYYMMDD, else null. */
function compactDate(value: unknown): string | null {
  const given = text(value);
  const date = /^\d{4}[.\-/]\d{2}[.\-/]\d{2}$/.test(given) ? given.replace(/[.\-/]/g, '') : given;
  try {
    parseCompactDate(date);
    return date;
  } catch {
    return null;
  }
}

/** A string of digits (thousands separators allowed) as a number; anything else 0. */
function amount(value: unknown): number {
  const digits = text(value).replaceAll(',', '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : 0;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function listOf(value: unknown): Fields[] {
  return Array.isArray(value) ? value.filter(isFields) : [];
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
