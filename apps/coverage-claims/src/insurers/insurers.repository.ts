import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { escapeLike, type Page, type PageWindow } from '#platform';
import { Insurer } from './entities/insurer.entity.js';

/** Insurers: the list loaded by migration (catalogue/), and the claims fax operators set. The only code that writes `insurers`. */
@Injectable()
export class InsurersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Life insurers first, then non-life, each in catalogue order. */
  all(): Promise<Insurer[]> {
    return this.dataSource.getRepository(Insurer).find({ order: { type: 'ASC', sortOrder: 'ASC' } });
  }

  /** A page of the insurers, in the same order, whose name or code holds `search` (any case). */
  async page(search: string | undefined, window: PageWindow): Promise<Page<Insurer>> {
    const query = this.dataSource
      .getRepository(Insurer)
      .createQueryBuilder('insurer')
      .orderBy('insurer.type', 'ASC')
      .addOrderBy('insurer.sortOrder', 'ASC')
      .addOrderBy('insurer.code', 'ASC')
      .offset(window.offset)
      .limit(window.limit);
    if (search) query.andWhere('(insurer.name ILIKE :search OR insurer.code ILIKE :search)', { search: `%${escapeLike(search)}%` });
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }

  /** Sets an insurer's claims fax as an operator's; null when there is no insurer with the code. */
  async setClaimsFax(code: string, claimsFax: string | null): Promise<Insurer | null> {
    // The database's clock: SQL text (docs/conventions.md, "Data access").
    const [, changed] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE insurers SET claims_fax = $2, claims_fax_updated_at = now() WHERE code = $1`,
      [code, claimsFax],
    );
    return changed === 1 ? this.dataSource.getRepository(Insurer).findOneBy({ code }) : null;
  }
}
