import { Module } from '@nestjs/common';
import { STORAGE_DELETION_OPTIONS, StorageDeletionWorker, StoredFilesModule } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { CLAIM_FILES } from './file-owner.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** Claims' evidence files, on the platform's (STORAGE_DRIVER local or s3), with their frozen copies and the storage deletions outbox. */
@Module({
  imports: [StoredFilesModule.forFeature(CLAIM_FILES)],
  controllers: [FilesController],
  providers: [
    FilesRepository,
    FilesService,
    StorageDeletionWorker,
    {
      provide: STORAGE_DELETION_OPTIONS,
      useFactory: (config: CoverageClaimsConfig) => ({
        pollMs: config.STORAGE_DELETION_POLL_MS,
        retryBaseMs: config.STORAGE_DELETION_RETRY_BASE_MS,
      }),
      inject: [CoverageClaimsConfig],
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
