import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AsStatus } from '#contracts';
import { descendantsCte } from '../common/partner-tree.js';

export interface LockedLeadState {
  id: string;
  partnerId: number | null;
  usedAt: Date | null;
  latestAsStatus: AsStatus | null;
}

@Injectable()
export class DistributionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locks the leads (in id order, so concurrent hand-overs cannot deadlock) and reads what eligibility needs. */
  lockLeads(tx: EntityManager, ids: string[]): Promise<LockedLeadState[]> {
    return tx.query(
      `SELECT id, partner_id AS "partnerId", used_at AS "usedAt", latest_as_status AS "latestAsStatus"
         FROM leads WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
  }

  /** Ids of every partner below `partnerId` in the tree. */
  async descendantsOf(tx: EntityManager, partnerId: number): Promise<Set<number>> {
    const rows = await tx.query<Array<{ id: number }>>(`${descendantsCte('$1')} SELECT id FROM descendants`, [partnerId]);
    return new Set(rows.map((row) => row.id));
  }
}
