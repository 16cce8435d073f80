import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TermPurpose } from '#contracts';
import { Term } from './entities/term.entity.js';

@Injectable()
export class TermsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest version of each term of the purpose whose effective date (Korean calendar) has come, in display order. */
  inForce(purpose: TermPurpose): Promise<Term[]> {
    return this.dataSource
      .getRepository(Term)
      .createQueryBuilder('term')
      .distinctOn(['term.code'])
      .where('term.purpose = :purpose', { purpose })
      .andWhere(`term.effective_date <= (now() AT TIME ZONE 'Asia/Seoul')::date`)
      .orderBy('term.code')
      .addOrderBy('term.version', 'DESC')
      .getMany()
      .then((terms) => terms.sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id)));
  }
}
