import { Logger } from '@nestjs/common';
import { CodefError, type CodefClient, type CodefOutcome, type CodefTwoWay } from '../../codef/codef-client.js';
import {
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  SecondStepError,
  SecondStepMethod,
  type ContractsLookup,
  type InsuranceDataCustomer,
  type InsuranceDataOptions,
  type InsuranceDataPort,
  type InsuranceSignIn,
  type SecondStepAnswer,
} from '../insurance-data.port.js';
import { parseCodefContracts, type CodefContractsNotice } from './codef-contracts.js';

const logger = new Logger('CodefInsuranceData');

/** What the parse could not read, for operators to extend the mapping: counts and credit4u's words, nothing of the customer's. */
function logNotice(notice: CodefContractsNotice): void {
  logger.warn(notice, 'credit4u answered contracts the mapping could not read whole');
}

/** What each of CODEF's second-step methods is in the port's words, and the field a follow-up answers it in. */
const METHODS: Readonly<Record<string, { method: SecondStepMethod; field: string }>> = {
  smsAuthNo: { method: SecondStepMethod.SmsCode, field: 'smsAuthNo' },
  secureNo: { method: SecondStepMethod.SecureNumber, field: 'secureNo' },
  simpleAuth: { method: SecondStepMethod.AppApproval, field: 'simpleAuth' },
  emailAuthNo: { method: SecondStepMethod.EmailCode, field: 'emailAuthNo' },
};

/** CODEF's "a required parameter is missing": our request's fault, never the customer's answer (assumed, docs/sources/codef.md). */
const MISSING_PARAMETER = 'CF-00001';

/** Older answers name no method: the extra info says which input it wants (CODEF's sample: reqSecureNo, then reqSMSAuthNo). */
const METHODS_BY_EXTRA_INFO: readonly (readonly [string, string])[] = [
  ['reqSecureNo', 'secureNo'],
  ['reqSMSAuthNo', 'smsAuthNo'],
  ['reqEmailAuthNo', 'emailAuthNo'],
  ['reqSimpleAuth', 'simpleAuth'],
];

/**
 * What a second step's `reference` holds (JSON; the service seals it): the first request without
 * the sign-in, the two-step info, the method asked for and the answers of earlier steps (CODEF wants
 * them repeated: its sample's third request carries the secure number and the SMS code).
 */
interface Continuation {
  v: 1;
  params: Record<string, unknown>;
  twoWay: CodefTwoWay;
  method: string;
  answers: Record<string, string>;
}

/**
 * INSURANCE_DATA_ADAPTER=codef: 내보험다보여 (한국신용정보원 credit4u) contracts through CODEF, signed in
 * with the customer's credit4u id and password (encrypted for CODEF by the client, never kept: a
 * follow-up is given them again). CODEF's failures become the port's errors (see `portError`);
 * the caller's abort rejects with its signal's reason.
 */
export class CodefInsuranceDataAdapter implements InsuranceDataPort {
  constructor(private readonly client: CodefClient) {}

  async contractsOf(customer: InsuranceDataCustomer, options: InsuranceDataOptions = {}): Promise<ContractsLookup> {
    const signIn = requireSignIn(options.signIn);
    options.signal?.throwIfAborted();
    const params = contractParams(customer);
    const outcome = await this.send(options.signal, null, () =>
      this.client.request('contracts', this.signedIn(params, signIn), { signal: options.signal }),
    );
    return lookupOf(outcome, params, {}, null);
  }

  async continueLookup(
    _customer: InsuranceDataCustomer,
    reference: string,
    answer: SecondStepAnswer,
    options: InsuranceDataOptions = {},
  ): Promise<ContractsLookup> {
    const signIn = requireSignIn(options.signIn);
    options.signal?.throwIfAborted();
    // The first request as it was sent (CODEF wants it identical), not rebuilt from the customer as they are now.
    const continuation = continuationOf(reference);
    const { field } = METHODS[continuation.method]!;
    let given: string;
    if (field === 'simpleAuth') given = '1';
    else {
      given = answer.code?.trim() ?? '';
      if (given === '') throw new SecondStepError('WRONG_ANSWER', 'The second step needs the code the customer was given');
    }
    const answers = { ...continuation.answers, [field]: given, ...(field === 'secureNo' && { secureNoRefresh: '0' }) };
    const outcome = await this.send(options.signal, field, () =>
      this.client.continue('contracts', this.signedIn(continuation.params, signIn), continuation.twoWay, answers, {
        signal: options.signal,
      }),
    );
    return lookupOf(outcome, continuation.params, answers, continuation.method);
  }

  private signedIn(params: Record<string, unknown>, signIn: InsuranceSignIn): Record<string, unknown> {
    return { ...params, id: signIn.id, password: this.client.encrypt(signIn.password) };
  }

  /** `answering`: the field of the follow-up's answer (null on a first call). */
  private async send(signal: AbortSignal | undefined, answering: string | null, call: () => Promise<CodefOutcome>): Promise<CodefOutcome> {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // A code or digits credit4u refuses (CF-12802, assumed) is the customer's wrong answer, not a failure: the step stays open.
      if (
        error instanceof CodefError &&
        error.kind === 'INPUT' &&
        error.code !== MISSING_PARAMETER &&
        answering !== null &&
        answering !== 'simpleAuth'
      ) {
        throw new SecondStepError('WRONG_ANSWER', 'credit4u refused the code or digits given');
      }
      throw portError(error);
    }
  }
}

/** The credit4u contract product's first request without the sign-in (id, password). */
function contractParams(customer: InsuranceDataCustomer): Record<string, unknown> {
  return {
    organization: '0001',
    // 0: every list (flat-rate and 실손 contracts, statistics, 실손 payments).
    type: '0',
    // 0: the identity is checked by mobile phone.
    inquiryType: '0',
    userName: customer.name,
    // CODEF's sample sends a resident registration number; the service holds only the birth date (docs/sources/codef.md, "Contracts").
    identity: customer.birthDate,
    phoneNo: customer.phone,
    // Seconds credit4u may take (CODEF allows 30 to 170).
    timeout: '170',
  };
}

function lookupOf(
  outcome: CodefOutcome,
  params: Record<string, unknown>,
  answers: Record<string, string>,
  previousMethod: string | null,
): ContractsLookup {
  if (outcome.kind === 'DONE') return { contracts: parseCodefContracts(outcome.data, logNotice) };
  const method = methodOf(outcome.twoWay);
  // An app approval asked again is the same step, not yet approved: the same follow-up may be sent again.
  if (method === 'simpleAuth' && previousMethod === 'simpleAuth') {
    throw new SecondStepError('PENDING', 'The customer has not approved in their app yet');
  }
  const continuation: Continuation = { v: 1, params, twoWay: outcome.twoWay, method, answers };
  const image = method === 'secureNo' ? imageOf(outcome.twoWay.extraInfo.reqSecureNo) : undefined;
  return {
    secondStep: { method: METHODS[method]!.method, ...(image !== undefined && { image }), reference: JSON.stringify(continuation) },
  };
}

function methodOf(twoWay: CodefTwoWay): string {
  if (twoWay.method in METHODS) return twoWay.method;
  const inferred = METHODS_BY_EXTRA_INFO.find(([key]) => key in twoWay.extraInfo)?.[1];
  if (inferred !== undefined && twoWay.method === '') return inferred;
  throw new InsuranceDataUnavailableError(`CODEF asked for a second step this service cannot answer (${twoWay.method || 'no method'})`);
}

/** CODEF's secure-number image as a `data:` URL a browser shows (its sample writes `data:img/jpeg`; bare base64 is a JPEG). */
function imageOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.startsWith('data:img/')) return `data:image/${value.slice('data:img/'.length)}`;
  if (value.startsWith('data:')) return value;
  return `data:image/jpeg;base64,${value}`;
}

function continuationOf(reference: string): Continuation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reference);
  } catch {
    parsed = undefined;
  }
  const continuation = parsed as Partial<Continuation> | undefined;
  if (
    typeof continuation !== 'object' ||
    continuation === null ||
    continuation.v !== 1 ||
    typeof continuation.params !== 'object' ||
    typeof continuation.twoWay !== 'object' ||
    typeof continuation.method !== 'string' ||
    !(continuation.method in METHODS) ||
    typeof continuation.answers !== 'object'
  ) {
    // Not a reference this adapter wrote: nothing to continue, the lookup starts over.
    throw new SecondStepError('EXPIRED', 'The second step’s reference is not one this source gave');
  }
  return continuation as Continuation;
}

function requireSignIn(signIn: InsuranceSignIn | undefined): InsuranceSignIn {
  if (!signIn || signIn.id === '' || signIn.password === '') {
    throw new InsuranceSignInError('MISSING', 'credit4u (내보험다보여) needs the customer’s id and password');
  }
  return signIn;
}

/** A CodefError in the port's words; anything else (a bug of ours) as it is. */
function portError(error: unknown): unknown {
  if (!(error instanceof CodefError)) return error;
  const options = { cause: error };
  switch (error.kind) {
    case 'CREDENTIALS':
      return new InsuranceSignInError('WRONG', 'credit4u refused the customer’s id or password');
    case 'LOCKED':
      return new InsuranceSignInError('LOCKED', 'The customer’s credit4u account is locked');
    case 'CANCELLED':
      return new SecondStepError('CANCELLED', 'The customer cancelled the second step in their app');
    case 'RETRY_LIMIT':
    case 'AUTH_EXPIRED':
      return new SecondStepError('EXPIRED', `The second step can no longer be completed (${error.kind}): start over`);
    case 'CONFIGURATION':
      return new InsuranceDataMisconfiguredError(`CODEF refused our account's setup: ${error.message}`, options);
    case 'UNAVAILABLE':
    case 'TIMED_OUT':
    case 'INPUT':
      return new InsuranceDataUnavailableError(`CODEF gave no contracts (${error.kind}): ${error.message}`, options);
  }
}
