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
  verificationId: string;
  plannerId: string;
  agreedAt: Date;
  ids: string[];
}

/** Customers and their consents. Every read takes a Visibility, so no query can reach another organisation. */
@Injectable()
export class CustomersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates the customer, or finds the same person in the organisation (identity hash) and refreshes
   * their sealed data (re-encrypted with the active key) and gender. The creator stays; a customer
   * whose creator was deleted is adopted by this planner. Returns the customer's id.
   */
  async upsert(tx: EntityManager, row: SealedCustomer & { id: string; organisationId: string; plannerId: string }): Promise<string> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO customers (id, organisation_id, planner_id, identity_hash, phone_hash, key_id, name_ciphertext,
                              birth_date_ciphertext, phone_ciphertext, gender, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now())
       ON CONFLICT (organisation_id, identity_hash) DO UPDATE
         SET planner_id = coalesce(customers.planner_id, EXCLUDED.planner_id), phone_hash = EXCLUDED.phone_hash,
             key_id = EXCLUDED.key_id, name_ciphertext = EXCLUDED.name_ciphertext,
             birth_date_ciphertext = EXCLUDED.birth_date_ciphertext, phone_ciphertext = EXCLUDED.phone_ciphertext,
             gender = EXCLUDED.gender, updated_at = now()
       RETURNING id`,
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
    return rows[0]!.id;
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
   * Deletes a visible customer; everything derived from them (consents, verifications, and later
   * analyses and reports) goes in the same statement through ON DELETE CASCADE. False when not visible.
   */
  async deleteVisible(visibility: Visibility, id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(Customer).delete(visibleWhere(visibility, id));
    return (result.affected ?? 0) > 0;
  }
}

function visibleWhere(visibility: Visibility, id: string) {
  return visibility.plannerId === null
    ? { id, organisationId: visibility.organisationId }
    : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
}
