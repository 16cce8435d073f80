import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CustomersService } from '../customers/customers.service.js';
import { ClaimCipher } from './claim-cipher.js';
import { ClaimsRepository } from './claims.repository.js';

const BATCH = 100;

/**
 * Brings claims filed before claims belonged to customers up to the rule, at start-up: each is
 * linked to its planner's customer of the same identity (recorded if new, without a gender; for a
 * planner since deleted, a customer without a planner, which only admins see) and its job, event
 * and welfare status sealed with the rest, their clear columns emptied. Batches in their own
 * transactions, under an advisory lock (replicas take turns), rows locked SKIP LOCKED. A replica of
 * the previous release may still file such claims during a rolling update: the next start takes them.
 */
@Injectable()
export class ClaimsBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClaimsBackfill');

  constructor(
    private readonly claims: ClaimsRepository,
    private readonly cipher: ClaimCipher,
    private readonly customers: CustomersService,
  ) {}

  private running: Promise<unknown> | undefined;
  private stopped = false;

  onApplicationBootstrap(): void {
    this.running = this.run().catch((error: unknown) =>
      this.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'Linking older claims to customers failed'),
    );
  }

  /** Stops between batches, before the database pool closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Brings every such claim up to the rule; how many it changed. */
  async run(): Promise<number> {
    let changed = 0;
    while (!this.stopped) {
      const done = await this.claims.transaction(async (tx) => {
        const rows = await this.claims.lockUnlinkedBatch(tx, BATCH);
        for (const row of rows) {
          const secrets = this.cipher.open(row);
          const customerId = await this.customers.findOrCreateFor(tx, row.organisationId, row.plannerId, {
            name: secrets.clientName,
            birthDate: secrets.clientBirthday,
            gender: null,
            phone: secrets.clientTel,
          });
          await this.claims.link(tx, row.id, customerId, this.cipher.seal(secrets));
        }
        return rows.length;
      });
      changed += done;
      if (done < BATCH) break;
    }
    if (changed > 0) this.logger.log({ claims: changed }, 'Older claims linked to their customers and sealed');
    return changed;
  }
}
