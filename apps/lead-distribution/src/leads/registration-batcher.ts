import { IdempotencyClaimLost, type IdempotencyClaim } from '#platform';
import type { NewLead, RegisteredLead } from '../allocation/allocation.service.js';

/** The most registrations one statement carries (an import's request carries up to 1,000 rows). */
export const REGISTRATIONS_PER_STATEMENT = 200;

interface Waiting {
  lead: NewLead;
  /** The request's Idempotency-Key claim, answered in the statement's transaction. */
  claim: IdempotencyClaim | null;
  resolve: (result: RegisteredLead) => void;
  reject: (error: unknown) => void;
}

/**
 * Single registrations (`POST /api/v1/leads`) arriving together share one call of `register_leads_v5`,
 * as an import's rows do: the call's fixed cost (its locks, its statements, the commit) is paid once
 * for all of them, which is what bounds registrations per second. While fewer than `atOnce`
 * calls (REGISTRATION_STATEMENTS_AT_ONCE) run, a registration goes at once, alone, so a quiet
 * service adds no wait; under load the registrations that arrive meanwhile go together, in arrival
 * order, when a call finishes. The function decides each row as if the rows had come one after
 * another (the earlier of two rows with one phone wins, orders fill oldest first), so each caller gets
 * the answer it would have had alone. A call PostgreSQL refuses for what a row carried (rolled back)
 * is tried again row by row, so one bad row fails only its own registration; so is a call rolled
 * back because one row's Idempotency-Key claim was taken over meanwhile (IdempotencyClaimLost).
 */
export class RegistrationBatcher {
  private readonly queue: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly store: (leads: NewLead[], claims: Array<IdempotencyClaim | null>) => Promise<RegisteredLead[]>,
    private readonly atOnce: number,
    private readonly perStatement = REGISTRATIONS_PER_STATEMENT,
  ) {}

  /** Registrations waiting for a call. */
  get waiting(): number {
    return this.queue.length;
  }

  register(lead: NewLead, claim: IdempotencyClaim | null = null): Promise<RegisteredLead> {
    return new Promise((resolve, reject) => {
      this.queue.push({ lead, claim, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.atOnce && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.perStatement);
      this.running++;
      void this.run(batch)
        .catch((error: unknown) => batch.forEach((entry) => entry.reject(error)))
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const results = await this.store(
        batch.map((entry) => entry.lead),
        batch.map((entry) => entry.claim),
      );
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1 || !refusedForARow(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) await this.run([entry]);
    }
  }
}

/**
 * PostgreSQL refused the statement for something a row carried (class 22 data exception, 23
 * integrity constraint, P0 raised by PL/pgSQL): it rolled the call back (its own transaction), and
 * the rows tried alone find which one. Anything else is not tried again row by row: a lost
 * connection (no SQLSTATE; the call may have committed, and its rows would come back as their own
 * duplicates) or a refusal that would refuse every row as well (too many connections, shutdown,
 * read-only after a failover, a deadlock or serialisation failure).
 */
function refusedForARow(error: unknown): boolean {
  if (error instanceof IdempotencyClaimLost) return true;
  if (error === null || typeof error !== 'object') return false;
  const driverError = (error as { driverError?: unknown }).driverError ?? error;
  if (driverError === null || typeof driverError !== 'object') return false;
  const { code, severity } = driverError as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^(22|23|P0)[0-9A-Z]{3}$/.test(code);
}
