import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CatalogueRows } from './catalogue/catalogue-rows.js';
import { CoverageAmount } from './entities/coverage-amount.entity.js';
import { CoverageCatalogueVersion } from './entities/coverage-catalogue-version.entity.js';
import { CoverageCategory } from './entities/coverage-category.entity.js';
import { CoverageCode } from './entities/coverage-code.entity.js';
import { CoverageSynonym } from './entities/coverage-synonym.entity.js';
import { Insurer } from '../insurers/entities/insurer.entity.js';

@Injectable()
export class CoverageCatalogueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The catalogue in the tables, read in one repeatable-read snapshot; null before any version is loaded. */
  readCurrent(): Promise<CatalogueRows | null> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [latest] = await manager
        .getRepository(CoverageCatalogueVersion)
        .find({ order: { loadedAt: 'DESC', version: 'DESC' }, take: 1 });
      if (!latest) return null;
      // One after the other: a transaction is one connection, which runs one query at a time (pg
      // deprecates queuing them, and it gains nothing).
      const categories = await manager.getRepository(CoverageCategory).find();
      const codes = await manager.getRepository(CoverageCode).find();
      const amounts = await manager.getRepository(CoverageAmount).find();
      // The catalogue's columns only: the claim details (an operator's fax) are read where claims need them.
      const insurers = await manager.getRepository(Insurer).find({
        select: {
          code: true,
          name: true,
          otherName: true,
          initial: true,
          agencyCode: true,
          agencyName: true,
          logoPath: true,
          type: true,
          sortOrder: true,
        },
      });
      const synonyms = await manager.getRepository(CoverageSynonym).find();
      return { version: latest.version, categories, codes, amounts, insurers, synonyms };
    });
  }
}
