import type { NewLead, RegisteredLead } from './leads.repository.js';

/** The most registrations one statement carries (an import's request carries up to 1,000 rows). */
export const REGISTRATIONS_PER_STATEMENT = 200;

interface Waiting {
  lead: NewLead;
  resolve: (result: RegisteredLead) => void;
  reject: (error: unknown) => void;
}

/**
 * Single registrations (`POST /api/v1/leads`) arriving together share one call of `register_leads_v2`,
 * as an import's rows do: the call's fixed cost (its locks, its statements, the commit) is paid once
 * for all of them, which is what bounds registrations per second. While fewer than
 * `atOnce` calls are running (REGISTRATION_STATEMENTS_AT_ONCE) a registration goes at once, alone, so a quiet
 * service adds no wait; under load the registrations that arrive meanwhile go together, in arrival
 * order, when a call finishes. The function decides each row as if the rows had come one after
 * another (the earlier of two rows with one phone wins, orders fill oldest first), so each caller gets
 * the answer it would have had alone. A call PostgreSQL refuses (rolled back) is tried again row by
 * row, so one bad row fails only its own registration.
 */
export class RegistrationBatcher {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly store: (leads: NewLead[]) => Promise<RegisteredLead[]>,
    private readonly atOnce: number,
    private readonly perStatement = REGISTRATIONS_PER_STATEMENT,
  ) {}

  register(lead: NewLead): Promise<RegisteredLead> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ lead, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.atOnce && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.perStatement);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const results = await this.store(batch.map((entry) => entry.lead));
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1 || !rolledBack(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) await this.run([entry]);
    }
  }
}

/**
 * The statement failed in the server, which rolled it back (it is its own transaction): PostgreSQL
 * reported an SQLSTATE. A lost connection has none, and then the call may have committed: its rows
 * are not tried again, or a lead just created would come back as its own duplicate.
 */
function rolledBack(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown } }).driverError ?? error;
  const code = (driverError as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
