import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { forgetIdempotencyRecords, queueStorageDeletions } from '#platform';
import type { Visibility } from '../auth/principal.js';
import type { SealedCustomer } from './customer-cipher.js';
import type { ErasedParts } from './customer-erasure.service.js';
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

/** A customer to find or create: sealed, with the organisation and the planner it is recorded for. */
export type NewCustomer = SealedCustomer & { id: string; organisationId: string; plannerId: string };

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
   * Creates the planner's customer, or finds the one the planner already has for this person
   * (identity hash) and leaves it as it is: a request proves nothing yet, so it changes no customer;
   * confirmation does (`applyConfirmation`). Another planner's customer for the same person is never
   * found: a planner's customers are theirs alone. Returns the customer's id.
   */
  async findOrCreate(tx: EntityManager, row: NewCustomer): Promise<string> {
    // One statement; run twice at most: when a concurrent request inserts the same person after this
    // statement's snapshot, ON CONFLICT waits for it and skips, and only the next statement sees its row.
    for (let attempt = 0; ; attempt += 1) {
      const id = await this.insertOrFind(tx, row);
      if (id || attempt > 0) return id!;
    }
  }

  private async insertOrFind(tx: EntityManager, row: NewCustomer): Promise<string | undefined> {
    const rows = await tx.query<Array<{ id: string }>>(
      `WITH created AS (
         INSERT INTO customers (id, organisation_id, planner_id, identity_hash, phone_hash, key_id, name_ciphertext,
                                birth_date_ciphertext, phone_ciphertext, gender, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now())
         ON CONFLICT (organisation_id, planner_id, identity_hash) DO NOTHING
         RETURNING id)
       SELECT id FROM created
       UNION ALL
       SELECT id FROM customers WHERE organisation_id = $2 AND planner_id = $3 AND identity_hash = $4`,
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

  /** What a confirmed verification makes true of its customer: the gender it stated. */
  async applyConfirmation(tx: EntityManager, customerId: string, gender: string): Promise<void> {
    await tx.query(`UPDATE customers SET gender = $2, updated_at = now() WHERE id = $1`, [customerId, gender]);
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
   * Deletes a visible customer and everything derived from them, in one transaction: the parts that
   * features registered (`erase`: claims and their files, the requests for their phone that name no
   * customer and the SMS adapter's messages...), the customer (every table referencing
   * `customers(id)` goes with it through ON DELETE CASCADE: consents, verifications, analyses,
   * check-ups...), and the idempotency records about them. Stored objects are queued for removal after the commit (queueStorageDeletions). Locks the
   * customer's verifications, then the customer, the order a confirmation takes them in, so the two
   * never deadlock; with the customer locked, no claim can be filed for them meanwhile. False when
   * not visible.
   */
  async deleteVisible(
    visibility: Visibility,
    id: string,
    erase: (tx: EntityManager, customer: Customer) => Promise<Required<ErasedParts>>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const found = await tx.getRepository(Customer).findOne({ where: visibleWhere(visibility, id) });
      if (!found) return false;
      await tx.query(`SELECT id FROM customer_verifications WHERE customer_id = $1 ORDER BY id FOR UPDATE`, [found.id]);
      const customer = await tx.getRepository(Customer).findOne({ where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!customer) return false;
      const erased = await erase(tx, customer);
      await tx.getRepository(Customer).delete({ id: customer.id });
      await forgetIdempotencyRecords(tx, [`customer:${customer.id}`, ...erased.idempotencySubjects]);
      await queueStorageDeletions(tx, erased.storageKeys);
      return true;
    });
  }
}

function visibleWhere(visibility: Visibility, id: string) {
  return visibility.plannerId === null
    ? { id, organisationId: visibility.organisationId }
    : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
}
