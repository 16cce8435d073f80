import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AllocationRepository } from './allocation.repository.js';
import type { AssignmentKind } from './entities/lead-assignment.entity.js';
import type { LeadHandOver } from './lead-hand-over.js';
import type { LeadReplacement } from './lead-replacement.js';
import type { NewLead, RegisteredLead } from './lead-registration.js';
export type { LeadHandOver } from './lead-hand-over.js';
export type { LeadReplacement } from './lead-replacement.js';
export type { NewLead, RegisteredLead } from './lead-registration.js';

/**
 * The only way into allocation: which order a lead goes to, and the record of every hand-over.
 * Orders are served oldest first by (reservation date, creation, id), a region never gets more than
 * its quantity, and every delivery or hand-over is written to lead_assignments
 * (docs/decisions/lead-distribution.md, "Orders and allocation"; why the SQL reads as it does:
 * docs/decisions/allocation.md). Methods taking `tx` run inside the caller's transaction.
 */
@Injectable()
export class AllocationService {
  constructor(private readonly allocation: AllocationRepository) {}

  /**
   * Registers prepared leads in one statement, all or nothing: each is a duplicate (the same phone
   * for the same product within `windowDays`, or earlier in the batch), or created and delivered
   * (to the partner named, or the oldest open due order with room in its region) or pooled. One
   * result per lead, in order.
   */
  registerLeads(
    leads: NewLead[],
    windowDays: number,
    inSameTransaction?: (tx: EntityManager, results: RegisteredLead[]) => Promise<void>,
  ): Promise<RegisteredLead[]> {
    return this.allocation.registerLeads(leads, windowDays, inSameTransaction);
  }

  /**
   * A due order (just placed, or its reservation come) takes the leads waiting in the pool for its
   * product and regions, oldest first, up to what each region owes. Returns how many it took.
   */
  fillFromPool(tx: EntityManager, orderId: string): Promise<number> {
    return this.allocation.fillFromPool(tx, orderId);
  }

  /**
   * An approved AS request returned a lead: the order that delivered it (unless cancelled) owes one
   * more lead in its region and takes one from the pool at once if one waits. Returns the order id,
   * or null when no order owes a replacement.
   */
  oweReplacement(tx: EntityManager, leadId: string): Promise<string | null> {
    return this.allocation.oweReplacement(tx, leadId);
  }

  /**
   * For a lead an approved AS request returned: the order that owed a replacement for it and the lead
   * delivered in its place (null while still owed); null when no order owed one (the lead was
   * delivered by hand, or its order was cancelled before the return).
   */
  replacementFor(leadId: string): Promise<LeadReplacement | null> {
    return this.allocation.replacementFor(leadId);
  }

  /** Records hand-overs of leads (`assignmentIds[i]` for `leadIds[i]`) from one partner to another. */
  recordHandOvers(
    tx: EntityManager,
    handOver: { leadIds: string[]; assignmentIds: string[]; kind: AssignmentKind; fromPartnerId: number | null; toPartnerId: number },
  ): Promise<void> {
    const { leadIds, assignmentIds, kind, fromPartnerId, toPartnerId } = handOver;
    return this.allocation.recordAssignments(tx, leadIds, assignmentIds, kind, null, fromPartnerId, toPartnerId);
  }

  /** The hand-overs `ids` from the lead's history (unknown ids are left out), in one query. */
  handOvers(ids: string[]): Promise<LeadHandOver[]> {
    return this.allocation.findHandOvers(ids);
  }

  /**
   * Lets every order whose reservation time has come take the pool, `batch` orders a transaction;
   * replicas may run it together (SKIP LOCKED gives each due order to one of them). An aborted `signal`
   * ends it between two transactions. Returns how many orders it activated.
   */
  async activateDueReservations(batch: number, signal?: AbortSignal): Promise<number> {
    let activated = 0;
    for (;;) {
      const done = await this.allocation.transaction(async (tx) => {
        const due = await this.allocation.lockDueReservations(tx, batch);
        for (const orderId of due) {
          await this.allocation.fillFromPool(tx, orderId);
          await this.allocation.markActivated(tx, orderId);
        }
        return due.length;
      });
      activated += done;
      if (done < batch || signal?.aborted) return activated;
    }
  }
}
