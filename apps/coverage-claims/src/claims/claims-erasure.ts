import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AttemptLog } from '#platform';
import { CustomerErasure, type CustomerErasurePart, type ErasedCustomer, type ErasedParts } from '../customers/customer-erasure.service.js';
import { FAX_SENDER, type FaxSender } from '../integrations/fax/fax.port.js';
import { FilesService } from '../files/files.service.js';
import { ClaimsRepository } from './claims.repository.js';
import { CLAIM_DELIVERY_WORK } from './delivery/claim-delivery.repository.js';

/**
 * A customer's claims go with them (DESIGN 4, "Claims"): the claims, their outbox rows and file lists,
 * their fax attempts in the attempt log, their evidence files' rows, the fax adapter's record of their
 * transmissions, and, after the commit, the files' stored bytes (uploaded and frozen copies) and the
 * idempotency records of the requests that filed them.
 */
@Injectable()
export class ClaimsErasure implements CustomerErasurePart, OnModuleInit {
  constructor(
    private readonly erasure: CustomerErasure,
    private readonly claims: ClaimsRepository,
    private readonly files: FilesService,
    @Inject(FAX_SENDER) private readonly fax: FaxSender,
    private readonly attempts: AttemptLog,
  ) {}

  onModuleInit(): void {
    this.erasure.register(this);
  }

  async eraseCustomer(tx: EntityManager, customer: ErasedCustomer): Promise<ErasedParts> {
    const { claimIds, fileIds } = await this.claims.deleteOfCustomer(tx, customer.id);
    await this.attempts.forget(tx, CLAIM_DELIVERY_WORK, claimIds.map(String));
    const storageKeys = await this.files.deleteFiles(tx, fileIds);
    await this.fax.forget(
      tx,
      claimIds.map((id) => `claim-${id}`),
    );
    return {
      storageKeys,
      idempotencySubjects: [...claimIds.map((id) => `claim:${id}`), ...fileIds.map((id) => `file:${id}`)],
    };
  }

  afterErasure(): void {
    this.files.wakeStorageDeletion();
  }
}
