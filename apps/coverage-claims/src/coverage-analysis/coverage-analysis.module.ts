import { Module } from '@nestjs/common';
import { CoverageCatalogueRepository } from './coverage-catalogue.repository.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';

/** The analysis core: the coverage catalogue, read from the database and kept in memory. */
@Module({
  providers: [CoverageCatalogueRepository, CoverageCatalogueService],
  exports: [CoverageCatalogueService],
})
export class CoverageAnalysisModule {}
