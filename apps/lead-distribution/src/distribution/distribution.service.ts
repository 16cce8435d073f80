import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import { type DistributeRequest, type HandoverResponse, type RecallRequest } from '#contracts';
import { AllocationService } from '../allocation/allocation.service.js';
import { AssignmentKind } from '../allocation/entities/lead-assignment.entity.js';
import { ACTIVE_AS_STATUSES } from '../lead-as/entities/lead-as-request.entity.js';
import { LeadsService } from '../leads/leads.service.js';
import { DistributionErrors } from './distribution.errors.js';
import { DistributionRepository, type LockedLeadState } from './distribution.repository.js';

/** Why a lead cannot be handed over, or null when it can; `holds` says whether its owner is the right one. */
function ineligibility(lead: LockedLeadState | undefined, holds: (owner: number | null) => boolean): string | null {
  if (!lead || !holds(lead.partnerId)) return 'is not a lead you can hand over (unknown or not held where required)';
  if (lead.usedAt) return 'is used';
  if (lead.latestAsStatus && ACTIVE_AS_STATUSES.includes(lead.latestAsStatus)) return 'has an active AS request';
  return null;
}

/**
 * Hands leads down a partner's organisation and takes them back, all or nothing: one ineligible lead
 * and nothing moves (409 naming it). Only unused leads without an active AS request move.
 */
@Injectable()
export class DistributionService {
  constructor(
    private readonly distribution: DistributionRepository,
    private readonly allocation: AllocationService,
    private readonly leads: LeadsService,
  ) {}

  distribute(partnerId: number, input: DistributeRequest): Promise<HandoverResponse> {
    return this.distribution.transaction(async (tx) => {
      const descendants = await this.distribution.descendantsOf(tx, partnerId);
      if (!descendants.has(input.toPartnerId)) throw DistributionErrors.notDescendant('toPartnerId', input.toPartnerId);
      const leads = new Map((await this.distribution.lockLeads(tx, input.leadIds)).map((lead) => [lead.id, lead]));
      this.requireEligible(input.leadIds, leads, (owner) => owner === partnerId);
      return this.handOver(tx, input.leadIds, leads, input.toPartnerId, AssignmentKind.Distribute);
    });
  }

  recall(partnerId: number, input: RecallRequest): Promise<HandoverResponse> {
    return this.distribution.transaction(async (tx) => {
      const descendants = await this.distribution.descendantsOf(tx, partnerId);
      if (input.fromPartnerId !== undefined && !descendants.has(input.fromPartnerId)) {
        throw DistributionErrors.notDescendant('fromPartnerId', input.fromPartnerId);
      }
      const from = input.fromPartnerId;
      const leads = new Map((await this.distribution.lockLeads(tx, input.leadIds)).map((lead) => [lead.id, lead]));
      this.requireEligible(
        input.leadIds,
        leads,
        (owner) => owner !== null && (from === undefined ? descendants.has(owner) : owner === from),
      );
      return this.handOver(tx, input.leadIds, leads, partnerId, AssignmentKind.Recall);
    });
  }

  private requireEligible(ids: string[], leads: Map<string, LockedLeadState>, holds: (owner: number | null) => boolean): void {
    const problems = ids.flatMap((id, index) => {
      const reason = ineligibility(leads.get(id), holds);
      return reason ? [{ field: `leadIds.${index}`, message: `${id} ${reason}` }] : [];
    });
    if (problems.length > 0) throw DistributionErrors.ineligible(problems);
  }

  private async handOver(
    tx: EntityManager,
    ids: string[],
    leads: Map<string, LockedLeadState>,
    toPartnerId: number,
    kind: AssignmentKind,
  ): Promise<HandoverResponse> {
    const assignmentIds = ids.map(() => uuidv7());
    const at = await this.leads.handOver(tx, ids, assignmentIds, toPartnerId);
    // Hand-overs are recorded per previous owner (a recall may gather leads from several descendants).
    const byOwner = new Map<number, number[]>();
    ids.forEach((id, index) => {
      const owner = leads.get(id)!.partnerId!;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), index]);
    });
    for (const [owner, indexes] of byOwner) {
      await this.allocation.recordHandOvers(tx, {
        leadIds: indexes.map((index) => ids[index]!),
        assignmentIds: indexes.map((index) => assignmentIds[index]!),
        kind,
        fromPartnerId: owner,
        toPartnerId,
      });
    }
    return {
      data: ids.map((id, index) => ({
        leadId: id,
        fromPartnerId: leads.get(id)!.partnerId!,
        toPartnerId,
        assignmentId: assignmentIds[index]!,
        lastDistributedAt: at.toISOString(),
      })),
    };
  }
}
