import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Visibility } from '../auth/principal.js';
import type { SealedCustomer } from './customer-cipher.js';
import { Customer } from './entities/customer.entity.js';

export interface ConsentRow {
  termId: string;
  version: number;
  title: string;
  required: boolean;
  agreedAt: Date;
  plannerId: string | null;
  verificationId: string | null;
}

export interface NewConsents {
  customerId: string;
  termIds: string[];
  verificationId: string | null;
  plannerId: string | null;
  agreedAt: Date;
  ids: string[];
}

/** Customers and their consents. Every read takes a Visibility, so no query can reach another organisation. */
@Injectable()
export class CustomersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates the customer, or finds the same person in the organisation (identity hash) and leaves
   * them as they are: a request proves nothing yet, so it neither changes a customer nor hands an
   * orphaned one (creator deleted) to the requester; confirmation does (`applyConfirmation`).
   * Returns the customer's id.
   */
  async findOrCreate(tx: EntityManager, row: SealedCustomer & { id: string; organisationId: string; plannerId: string }): Promise<string> {
    // One statement; run twice at most: when a concurrent request inserts the same person after this
    // statement's snapshot, ON CONFLICT waits for it and skips, and only the next statement sees its row.
    for (let attempt = 0; ; attempt += 1) {
      const id = await this.insertOrFind(tx, row);
      if (id || attempt > 0) return id!;
    }
  }

  private async insertOrFind(
    tx: EntityManager,
    row: SealedCustomer & { id: string; organisationId: string; plannerId: string },
  ): Promise<string | undefined> {
    const rows = await tx.query<Array<{ id: string }>>(
      `WITH created AS (
         INSERT INTO customers (id, organisation_id, planner_id, identity_hash, phone_hash, key_id, name_ciphertext,
                                birth_date_ciphertext, phone_ciphertext, gender, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now())
         ON CONFLICT (organisation_id, identity_hash) DO NOTHING
         RETURNING id)
       SELECT id FROM created
       UNION ALL
       SELECT id FROM customers WHERE organisation_id = $2 AND identity_hash = $4`,
      [
        row.id,
        row.organisationId,
        row.plannerId,
        row.identityHash,
        row.phoneHash,
        row.keyId,
        row.nameCiphertext,
        row.birthDateCiphertext,
        row.phoneCiphertext,
        row.gender,
      ],
    );
    return rows[0]?.id;
  }

  /**
   * What a confirmed verification makes true of its customer: the gender it stated, and a customer
   * whose creator was deleted is adopted by the confirming verification's planner.
   */
  async applyConfirmation(tx: EntityManager, customerId: string, confirmed: { gender: string; plannerId: string | null }): Promise<void> {
    await tx.query(`UPDATE customers SET gender = $2, planner_id = coalesce(planner_id, $3), updated_at = now() WHERE id = $1`, [
      customerId,
      confirmed.gender,
      confirmed.plannerId,
    ]);
  }

  async insertConsents(tx: EntityManager, consents: NewConsents): Promise<void> {
    await tx.query(
      `INSERT INTO customer_consents (id, customer_id, term_id, verification_id, planner_id, agreed_at)
       SELECT consent.id, $2, consent.term_id, $3, $4, $5 FROM unnest($1::uuid[], $6::varchar[]) AS consent(id, term_id)`,
      [consents.ids, consents.customerId, consents.verificationId, consents.plannerId, consents.agreedAt, consents.termIds],
    );
  }

  findVisible(visibility: Visibility, id: string): Promise<Customer | null> {
    return this.dataSource.getRepository(Customer).findOne({ where: visibleWhere(visibility, id) });
  }

  findById(id: string): Promise<Customer | null> {
    return this.dataSource.getRepository(Customer).findOne({ where: { id } });
  }

  /** The customer's consents with the term versions they name, oldest first. */
  consentsOf(customerId: string): Promise<ConsentRow[]> {
    return this.dataSource.query<ConsentRow[]>(
      `SELECT consent.term_id AS "termId", term.version, term.title, term.required, consent.agreed_at AS "agreedAt",
              consent.planner_id AS "plannerId", consent.verification_id AS "verificationId"
         FROM customer_consents consent JOIN terms term ON term.id = consent.term_id
        WHERE consent.customer_id = $1
        ORDER BY consent.agreed_at, term.sort_order, consent.id`,
      [customerId],
    );
  }

  /**
   * Deletes a visible customer; everything derived from them (consents, verifications, analyses,
   * check-ups) goes in the same statement through ON DELETE CASCADE, and in the same transaction the
   * requests for their phone in the organisation that name no customer: FAILED ones (the SMS was
   * refused before one was recorded) and SENDING ones older than a number lives (a process that died
   * between the steps). Locks the customer's verifications before the customer, the order a
   * confirmation takes them in, so the two never deadlock. False when not visible.
   */
  async deleteVisible(visibility: Visibility, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const customer = await tx.getRepository(Customer).findOne({ where: visibleWhere(visibility, id) });
      if (!customer) return false;
      await tx.query(`SELECT id FROM customer_verifications WHERE customer_id = $1 ORDER BY id FOR UPDATE`, [customer.id]);
      const deleted = await tx.getRepository(Customer).delete({ id: customer.id });
      if (!deleted.affected) return false;
      await tx.query(
        `DELETE FROM customer_verifications
          WHERE organisation_id = $1 AND phone_hash = $2 AND customer_id IS NULL
            AND (status = 'FAILED' OR (status = 'SENDING' AND created_at < clock_timestamp() - interval '180 seconds'))`,
        [customer.organisationId, customer.phoneHash],
      );
      return true;
    });
  }
}

function visibleWhere(visibility: Visibility, id: string) {
  return visibility.plannerId === null
    ? { id, organisationId: visibility.organisationId }
    : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
}
