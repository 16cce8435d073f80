import { Injectable } from '@nestjs/common';
import { catalogueFromRows } from './catalogue/catalogue-rows.js';
import type { CoverageCatalogue } from './catalogue/coverage-catalogue.js';
import { CoverageCatalogueRepository } from './coverage-catalogue.repository.js';

/**
 * The coverage catalogue, read from the database once per process and kept in memory. A catalogue
 * changes only through a migration, which a deployment applies before its new processes serve.
 */
@Injectable()
export class CoverageCatalogueService {
  private loading?: Promise<CoverageCatalogue>;

  constructor(private readonly repository: CoverageCatalogueRepository) {}

  current(): Promise<CoverageCatalogue> {
    this.loading ??= this.load().catch((error: unknown) => {
      // A failed read (database down) is tried again by the next caller.
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<CoverageCatalogue> {
    const rows = await this.repository.readCurrent();
    if (!rows) throw new Error('No coverage catalogue is loaded: the catalogue migrations have not run');
    return catalogueFromRows(rows);
  }
}
