import { randomUUID } from 'node:crypto';
import { NhisAuthProvider, Telecom } from '#contracts';
import { koreaDate } from '../../../common/calendar.js';
import { CodefError, type CodefClient, type CodefOutcome, type CodefTwoWay } from '../../codef/codef-client.js';
import {
  NHIS_CHECKUP_YEARS,
  NhisApproval,
  NhisProviderUnsupportedError,
  NhisUnavailableError,
  type NhisApprovalAnswer,
  type NhisAuthHandle,
  type NhisAuthRequest,
  type NhisCheckup,
  type NhisPort,
} from '../nhis.port.js';
import { UnreadableCheckupsError, parseCodefCheckups } from './codef-checkups.js';

/**
 * CODEF's simple-authentication level of each app (`loginTypeLevel`); PAYCO is not offered by the
 * NHIS product (docs/sources/codef.md).
 */
const LOGIN_TYPE_LEVELS: Readonly<Record<NhisAuthProvider, string | null>> = {
  [NhisAuthProvider.Kakao]: '1',
  [NhisAuthProvider.SamsungPass]: '3',
  [NhisAuthProvider.Kb]: '4',
  [NhisAuthProvider.Pass]: '5',
  [NhisAuthProvider.Naver]: '6',
  [NhisAuthProvider.Shinhan]: '7',
  [NhisAuthProvider.Toss]: '8',
  [NhisAuthProvider.Payco]: null,
};

/** CODEF's carrier codes; an 알뜰폰 rides on its network's. */
const TELECOMS: Readonly<Record<Telecom, string>> = {
  [Telecom.Skt]: '0',
  [Telecom.SktMvno]: '0',
  [Telecom.Kt]: '1',
  [Telecom.KtMvno]: '1',
  [Telecom.Lgu]: '2',
  [Telecom.LguMvno]: '2',
};

/**
 * What the service stores (sealed) for an authentication: while it waits, the identical first
 * request and CODEF's two-step info, which the follow-up must send back; once approved, the
 * check-ups CODEF answered with it (nothing else: the request's personal data goes).
 */
type Reference = { params: Record<string, unknown>; twoWay: CodefTwoWay } | { checkups: NhisCheckup[] };

/**
 * NHIS_ADAPTER=codef: the NHIS check-up product of CODEF with simple authentication. `requestAuth`
 * sends the first request (CODEF pushes it to the customer's app and answers CF-03002);
 * `approvalOf` sends the follow-up with `simpleAuth: "1"`, which CODEF answers with the check-ups
 * once the customer approved, so the check-ups travel in the replacement handle and `checkupsOf`
 * only reads them. Keeps no state: any replica continues from the reference.
 *
 * CODEF counts premature follow-ups: the third before the customer approved ends the request
 * (CF-12872, Expired), so `complete` should follow the customer's word, not a timer.
 */
export class CodefNhisAdapter implements NhisPort {
  constructor(
    private readonly client: CodefClient,
    private readonly now: () => number = Date.now,
  ) {}

  async requestAuth(request: NhisAuthRequest): Promise<NhisAuthHandle> {
    const level = LOGIN_TYPE_LEVELS[request.provider];
    if (level === null) throw new NhisProviderUnsupportedError(request.provider);
    const year = koreaDate(new Date(this.now())).year;
    const params: Record<string, unknown> = {
      organization: '0002',
      loginType: '5',
      loginTypeLevel: level,
      identity: request.customer.birthDate,
      userName: request.customer.name,
      phoneNo: request.customer.phone,
      telecom: request.provider === NhisAuthProvider.Pass && request.telecom ? TELECOMS[request.telecom] : '',
      id: randomUUID(),
      inquiryType: '0',
      searchStartYear: String(year - NHIS_CHECKUP_YEARS + 1),
      searchEndYear: String(year),
      type: '0',
    };
    const outcome = await unavailableOnFailure(() => this.client.request('nhis-checkups', params));
    // CODEF's sandbox answers its sample at once, without a second step.
    if (outcome.kind === 'DONE') return this.handleWith(this.checkupsIn(outcome));
    return { reference: JSON.stringify({ params, twoWay: outcome.twoWay } satisfies Reference) };
  }

  async approvalOf(handle: NhisAuthHandle): Promise<NhisApprovalAnswer> {
    const reference = referenceOf(handle);
    if ('checkups' in reference) return { approval: NhisApproval.Approved };
    let outcome: CodefOutcome;
    try {
      outcome = await this.client.continue('nhis-checkups', reference.params, reference.twoWay, { simpleAuth: '1' });
    } catch (error) {
      if (!(error instanceof CodefError)) throw error;
      switch (error.kind) {
        case 'CANCELLED':
          return { approval: NhisApproval.Refused };
        case 'RETRY_LIMIT':
        case 'AUTH_EXPIRED':
          return { approval: NhisApproval.Expired };
        default:
          // CONFIGURATION too: the client logged it at error level; the customer sees 503, not a fault of theirs.
          throw new NhisUnavailableError(`CODEF did not complete the NHIS authentication (${error.kind})`);
      }
    }
    if (outcome.kind === 'TWO_WAY') return { approval: NhisApproval.Pending };
    return { approval: NhisApproval.Approved, handle: this.handleWith(this.checkupsIn(outcome)) };
  }

  async checkupsOf(handle: NhisAuthHandle): Promise<NhisCheckup[]> {
    const reference = referenceOf(handle);
    if (!('checkups' in reference)) throw new NhisUnavailableError('CODEF has not answered the check-ups of this authentication');
    return reference.checkups;
  }

  private checkupsIn(outcome: { data: Record<string, unknown> }): NhisCheckup[] {
    try {
      return parseCodefCheckups(outcome.data, koreaDate(new Date(this.now())).year);
    } catch (error) {
      if (error instanceof UnreadableCheckupsError) throw new NhisUnavailableError(error.message);
      throw error;
    }
  }

  private handleWith(checkups: NhisCheckup[]): NhisAuthHandle {
    return { reference: JSON.stringify({ checkups } satisfies Reference) };
  }
}

async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CodefError)
      throw new NhisUnavailableError(`CODEF did not start the NHIS authentication (${error.kind})`, { cause: error });
    throw error;
  }
}

function referenceOf(handle: NhisAuthHandle): Reference {
  try {
    const reference = JSON.parse(handle.reference) as Reference;
    if (typeof reference === 'object' && reference !== null && ('checkups' in reference || 'twoWay' in reference)) return reference;
  } catch {
    // Not this adapter's: below.
  }
  // A reference another adapter issued: CODEF knows no such transaction.
  throw new NhisUnavailableError('CODEF does not know this transaction');
}
