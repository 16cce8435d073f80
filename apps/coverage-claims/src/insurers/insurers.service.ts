import { Injectable } from '@nestjs/common';
import type { Page, PageWindow } from '#platform';
import type { Insurer } from './entities/insurer.entity.js';
import { InsurersRepository } from './insurers.repository.js';

/**
 * The insurers every part of the service names by code (contracts, analyses, claims): a versioned
 * list loaded by migration (catalogue/), with the claim details the claim reference lists add and
 * the claims fax an operator sets. The owner of `insurers`: other features read it through here and
 * change it only by `setClaimsFax`.
 */
@Injectable()
export class InsurersService {
  constructor(private readonly insurers: InsurersRepository) {}

  /** Life insurers first, then non-life, each in catalogue order. */
  all(): Promise<Insurer[]> {
    return this.insurers.all();
  }

  /** A page of them, in that order, whose name or code holds `search` (any case). */
  page(search: string | undefined, window: PageWindow): Promise<Page<Insurer>> {
    return this.insurers.page(search, window);
  }

  /** An operator's change of where an insurer's claims are faxed (kept over later reference versions); null for an unknown code. */
  setClaimsFax(code: string, claimsFax: string | null): Promise<Insurer | null> {
    return this.insurers.setClaimsFax(code, claimsFax);
  }
}
