import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Visibility } from '../auth/principal.js';
import { CoverageAnalysis } from './entities/coverage-analysis.entity.js';

export type NewCoverageAnalysis = Omit<
  CoverageAnalysis,
  'createdAt' | 'organisation' | 'planner' | 'customer' | 'verification' | 'catalogue'
>;

/** Stored coverage analyses. Every read takes a Visibility, so no query can reach another organisation's. */
@Injectable()
export class AnalysesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores the analysis if its customer still exists; false when the customer was deleted meanwhile.
   * The customer row is locked (KEY SHARE) for the insert, so a concurrent deletion waits for it or
   * is waited for, and never turns into a foreign-key error. Within `tx` when given.
   */
  async insert(analysis: NewCoverageAnalysis, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO coverage_analyses (id, organisation_id, planner_id, customer_id, verification_id, catalogue_version,
                                      inquiry_date, key_id, payload_ciphertext, insights_ciphertext)
       SELECT $1, $2, $3, customer.id, $5, $6, $7, $8, $9, $10 FROM customers customer WHERE customer.id = $4 FOR KEY SHARE
       RETURNING id`,
      [
        analysis.id,
        analysis.organisationId,
        analysis.plannerId,
        analysis.customerId,
        analysis.verificationId,
        analysis.catalogueVersion,
        analysis.inquiryDate,
        analysis.keyId,
        analysis.payloadCiphertext,
        analysis.insightsCiphertext,
      ],
    );
    return rows.length === 1;
  }

  /** The analysis if the user may see it: their own for a planner, the organisation's for an ORG_ADMIN. */
  findVisible(visibility: Visibility, id: string): Promise<CoverageAnalysis | null> {
    const where =
      visibility.plannerId === null
        ? { id, organisationId: visibility.organisationId }
        : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
    return this.dataSource.getRepository(CoverageAnalysis).findOne({ where });
  }
}
