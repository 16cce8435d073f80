import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TermPurpose } from '#contracts';
import type { Visibility } from '../../auth/principal.js';
import type { MeasurementCode } from './checkup.js';
import { CheckupReferenceRange } from './entities/checkup-reference-range.entity.js';
import { CustomerCheckup } from './entities/customer-checkup.entity.js';
import type { ReferenceRangeTable } from './reference-ranges/reference-ranges.js';

export type NewCustomerCheckup = Omit<CustomerCheckup, 'organisation' | 'customer' | 'planner' | 'nhisAuth'>;

export type ReplaceOutcome = 'STORED' | 'CUSTOMER_GONE' | 'NO_CONSENT';

/** Customers' stored check-ups and the reference-range table. */
@Injectable()
export class CheckupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest loaded version of the reference-range table; null when none is loaded. */
  async currentReferenceRanges(): Promise<ReferenceRangeTable | null> {
    const rows = await this.dataSource.getRepository(CheckupReferenceRange).query<CheckupReferenceRange[]>(
      `SELECT version, code, sex, name, unit, rule, source, sort_order AS "sortOrder" FROM checkup_reference_ranges
        WHERE version = (SELECT max(version) FROM checkup_reference_ranges)
        ORDER BY sort_order, sex`,
    );
    if (rows.length === 0) return null;
    return {
      version: rows[0]!.version,
      ranges: rows.map((row) => ({
        code: row.code as MeasurementCode,
        sex: row.sex,
        name: row.name,
        unit: row.unit,
        rule: row.rule,
        source: row.source,
      })),
    };
  }

  /**
   * Replaces the customer's stored check-ups by `rows` in one transaction, under the customer row's
   * NO KEY UPDATE lock: a concurrent deletion waits, and so does a concurrent replacement (under a
   * KEY SHARE lock both would delete the old rows, and the second's insert would meet the first's
   * rows); analyses of the customer (KEY SHARE) are not held up. Only while the customer exists and
   * a consent of theirs to a health-data term is on record.
   */
  replaceForCustomer(customerId: string, rows: NewCustomerCheckup[]): Promise<ReplaceOutcome> {
    return this.dataSource.transaction(async (tx) => {
      const [customer] = await tx.query<Array<{ consented: boolean }>>(
        `SELECT EXISTS (SELECT 1 FROM customer_consents consent JOIN terms term ON term.id = consent.term_id
                         WHERE consent.customer_id = customer.id AND term.purpose = $2) AS consented
           FROM customers customer WHERE customer.id = $1 FOR NO KEY UPDATE OF customer`,
        [customerId, TermPurpose.HealthCheckup],
      );
      if (!customer) return 'CUSTOMER_GONE';
      if (!customer.consented) return 'NO_CONSENT';
      await tx.getRepository(CustomerCheckup).delete({ customerId });
      if (rows.length > 0) await tx.getRepository(CustomerCheckup).insert(rows);
      return 'STORED';
    });
  }

  /**
   * The customer's stored check-ups the viewer may see, oldest year first: a planner only those they
   * retrieved (through their own NHIS authentication, with the consent given to them), an ORG_ADMIN
   * the organisation's.
   */
  storedFor(customerId: string, visibility: Visibility): Promise<CustomerCheckup[]> {
    const where =
      visibility.plannerId === null
        ? { customerId, organisationId: visibility.organisationId }
        : { customerId, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
    return this.dataSource.getRepository(CustomerCheckup).find({ where, order: { year: 'ASC' } });
  }
}
