import { Module } from '@nestjs/common';
import { FILE_STORAGE, STORAGE_DELETION_OPTIONS, StorageDeletionWorker, UploadBodyParser, createFileStorage } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { FilesBackfill } from './files-backfill.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** Claims' evidence files, on the platform's storage (STORAGE_DRIVER local or s3). */
@Module({
  controllers: [FilesController],
  providers: [
    FilesRepository,
    FilesService,
    FilesBackfill,
    UploadBodyParser,
    StorageDeletionWorker,
    {
      provide: STORAGE_DELETION_OPTIONS,
      useFactory: (config: CoverageClaimsConfig) => ({
        pollMs: config.STORAGE_DELETION_POLL_MS,
        retryBaseMs: config.STORAGE_DELETION_RETRY_BASE_MS,
      }),
      inject: [CoverageClaimsConfig],
    },
    {
      provide: FILE_STORAGE,
      useFactory: (config: CoverageClaimsConfig) => createFileStorage(config, 'coverage-claims'),
      inject: [CoverageClaimsConfig],
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
