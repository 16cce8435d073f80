import { Module } from '@nestjs/common';
import { FILE_STORAGE, UploadBodyParser, createFileStorage } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** Claims' evidence files, on the platform's storage (STORAGE_DRIVER local or s3). */
@Module({
  controllers: [FilesController],
  providers: [
    FilesRepository,
    FilesService,
    UploadBodyParser,
    {
      provide: FILE_STORAGE,
      useFactory: (config: CoverageClaimsConfig) => createFileStorage(config, 'coverage-claims'),
      inject: [CoverageClaimsConfig],
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
