import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { escapeLike } from '#platform';
import { Insurer } from '../insurers/entities/insurer.entity.js';
import { Bank } from './entities/bank.entity.js';
import { ClaimReferenceVersion } from './entities/claim-reference-version.entity.js';
import { JobCode } from './entities/job-code.entity.js';
import { PostalCenter } from './entities/postal-center.entity.js';

@Injectable()
export class ClaimReferenceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The version of the claim reference lists in the tables (the last one loaded). */
  async currentVersion(): Promise<string> {
    const [latest] = await this.dataSource
      .getRepository(ClaimReferenceVersion)
      .find({ order: { loadedAt: 'DESC', version: 'DESC' }, take: 1 });
    if (!latest) throw new Error('No claim reference version is loaded: the migrations have not run');
    return latest.version;
  }

  /** Life insurers first, then non-life, each in catalogue order. */
  insurers(): Promise<Insurer[]> {
    return this.dataSource.getRepository(Insurer).find({ order: { type: 'ASC', sortOrder: 'ASC' } });
  }

  /** A page of the insurers, in the same order, whose name or code holds `search` (any case). */
  insurersPage(filter: { search?: string; offset: number; limit: number }): Promise<[Insurer[], number]> {
    const query = this.dataSource
      .getRepository(Insurer)
      .createQueryBuilder('insurer')
      .orderBy('insurer.type', 'ASC')
      .addOrderBy('insurer.sortOrder', 'ASC')
      .addOrderBy('insurer.code', 'ASC')
      .offset(filter.offset)
      .limit(filter.limit);
    if (filter.search)
      query.andWhere('(insurer.name ILIKE :search OR insurer.code ILIKE :search)', { search: `%${escapeLike(filter.search)}%` });
    return query.getManyAndCount();
  }

  banks(): Promise<Bank[]> {
    return this.dataSource.getRepository(Bank).find({ order: { sortOrder: 'ASC' } });
  }

  postalCenters(): Promise<PostalCenter[]> {
    return this.dataSource.getRepository(PostalCenter).find({ order: { sortOrder: 'ASC' } });
  }

  jobCodes(): Promise<JobCode[]> {
    return this.dataSource.getRepository(JobCode).find({ order: { sortOrder: 'ASC' } });
  }

  /** Sets an insurer's claims fax as an operator's; null when there is no insurer with the code. */
  async setClaimsFax(code: string, claimsFax: string | null): Promise<Insurer | null> {
    const insurers = this.dataSource.getRepository(Insurer);
    const { affected } = await insurers.update({ code }, { claimsFax, claimsFaxUpdatedAt: () => 'now()' });
    return affected ? insurers.findOneBy({ code }) : null;
  }
}
