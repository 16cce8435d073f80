import {
  NhisApproval,
  NhisUnavailableError,
  type NhisApprovalAnswer,
  type NhisAuthHandle,
  type NhisAuthRequest,
  type NhisCheckup,
  type NhisCustomer,
  type NhisPort,
} from '../nhis.port.js';
import { sandboxCheckups } from './sandbox-checkups.js';
import { koreaDate } from '../../../common/calendar.js';

/** Documented magic inputs (docs/decisions/medical-coverage.md): the last four digits of the customer's phone. */
export const SANDBOX_NHIS_PHONE_ENDINGS = {
  /** The customer never approves: `complete` stays 409 NHIS_AUTH_PENDING until the request expires. */
  neverApproved: '0011',
  /** The customer refuses in their app (after the approval delay). */
  refused: '0012',
  /** The NHIS (or the provider app's server) is down: the request fails. */
  unavailable: '0013',
  /** Approved, but the NHIS holds no check-up of the customer. */
  noCheckups: '0014',
  /** Approved, then the NHIS is down when the check-ups are fetched. */
  unavailableAtLookup: '0015',
} as const;

type Outcome = 'approve' | 'never' | 'refuse' | 'empty' | 'down';

const OUTCOMES: Readonly<Record<string, Outcome>> = {
  [SANDBOX_NHIS_PHONE_ENDINGS.neverApproved]: 'never',
  [SANDBOX_NHIS_PHONE_ENDINGS.refused]: 'refuse',
  [SANDBOX_NHIS_PHONE_ENDINGS.noCheckups]: 'empty',
  [SANDBOX_NHIS_PHONE_ENDINGS.unavailableAtLookup]: 'down',
};

const REFERENCE = /^sandbox:(\d{13}):(approve|never|refuse|empty|down)$/;

export interface SandboxNhisOptions {
  /** After how many seconds the customer approves (or refuses). */
  approvalSeconds: number;
  /** The sandbox's own clock (the outside system's, not the database's). */
  now?: () => number;
}

/**
 * NHIS_ADAPTER=sandbox. Keeps no state: the reference it hands out says when the request was made and
 * how it will end, so any replica answers the second step alike. The customer "approves" after
 * NHIS_SANDBOX_APPROVAL_SECONDS; check-ups are made up from the customer (sandboxCheckups).
 */
export class SandboxNhisAdapter implements NhisPort {
  private readonly now: () => number;

  constructor(private readonly options: SandboxNhisOptions) {
    this.now = options.now ?? Date.now;
  }

  async requestAuth(request: NhisAuthRequest): Promise<NhisAuthHandle> {
    const ending = request.customer.phone.slice(-4);
    if (ending === SANDBOX_NHIS_PHONE_ENDINGS.unavailable)
      throw new NhisUnavailableError('The sandbox NHIS is down on request (magic phone ending)');
    return { reference: `sandbox:${this.now()}:${OUTCOMES[ending] ?? 'approve'}` };
  }

  async approvalOf(handle: NhisAuthHandle): Promise<NhisApprovalAnswer> {
    const { requestedAt, outcome } = parse(handle);
    if (outcome === 'never' || this.now() < requestedAt + this.options.approvalSeconds * 1000) return { approval: NhisApproval.Pending };
    return { approval: outcome === 'refuse' ? NhisApproval.Refused : NhisApproval.Approved };
  }

  async checkupsOf(handle: NhisAuthHandle, customer: NhisCustomer): Promise<NhisCheckup[]> {
    const { outcome } = parse(handle);
    if (outcome === 'down') throw new NhisUnavailableError('The sandbox NHIS is down on lookup (magic phone ending)');
    return outcome === 'empty' ? [] : sandboxCheckups(customer, koreaDate(new Date(this.now())).year);
  }
}

function parse(handle: NhisAuthHandle): { requestedAt: number; outcome: Outcome } {
  const match = REFERENCE.exec(handle.reference);
  // A reference another adapter issued: the sandbox knows no such transaction.
  if (!match) throw new NhisUnavailableError('The sandbox NHIS does not know this transaction');
  return { requestedAt: Number(match[1]), outcome: match[2] as Outcome };
}
