import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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

  banks(): Promise<Bank[]> {
    return this.dataSource.getRepository(Bank).find({ order: { sortOrder: 'ASC' } });
  }

  postalCenters(): Promise<PostalCenter[]> {
    return this.dataSource.getRepository(PostalCenter).find({ order: { sortOrder: 'ASC' } });
  }

  jobCodes(): Promise<JobCode[]> {
    return this.dataSource.getRepository(JobCode).find({ order: { sortOrder: 'ASC' } });
  }
}
