import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The customer being deleted, as what holds their data needs to find it. */
export interface ErasedCustomer {
  id: string;
  organisationId: string;
  /** Whose customer they are (null: their planner was deleted). */
  plannerId: string | null;
  phoneHash: string;
}

/** What a part erased besides rows: stored objects to remove after the commit, and idempotency subjects (`claim:<id>`) to forget with it. */
export interface ErasedParts {
  storageKeys?: string[];
  idempotencySubjects?: string[];
}

/**
 * A feature that holds data derived from customers without a cascading foreign key to them (or with
 * stored objects or records elsewhere): it deletes that data in the deletion's transaction.
 */
export interface CustomerErasurePart {
  eraseCustomer(tx: EntityManager, customer: ErasedCustomer): Promise<ErasedParts>;
  /** After the deletion committed (e.g. wake what removes the stored objects). */
  afterErasure?(): void;
}

/**
 * The parts a customer's deletion runs, registered by the features that hold such data (claims, the
 * SMS sandbox...), so that customers know none of them. Every table that references `customers(id)`
 * with ON DELETE CASCADE needs no part.
 */
@Injectable()
export class CustomerErasure {
  private readonly parts: CustomerErasurePart[] = [];

  register(part: CustomerErasurePart): void {
    this.parts.push(part);
  }

  /** Runs every part, in the order they registered; what they leave to do after the commit, together. */
  async erase(tx: EntityManager, customer: ErasedCustomer): Promise<Required<ErasedParts>> {
    const erased: Required<ErasedParts> = { storageKeys: [], idempotencySubjects: [] };
    for (const part of this.parts) {
      const { storageKeys = [], idempotencySubjects = [] } = await part.eraseCustomer(tx, customer);
      erased.storageKeys.push(...storageKeys);
      erased.idempotencySubjects.push(...idempotencySubjects);
    }
    return erased;
  }

  /** Tells every part the deletion committed. */
  committed(): void {
    for (const part of this.parts) part.afterErasure?.();
  }
}
