import { Module } from '@nestjs/common';
import { FILE_STORAGE, UploadBodyParser, createFileStorage } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** Stored files. FilesService is what other features use (requireUploadedFiles, requireProviderFiles, describe). */
@Module({
  controllers: [FilesController],
  providers: [
    FilesRepository,
    FilesService,
    UploadBodyParser,
    {
      provide: FILE_STORAGE,
      useFactory: (config: LeadDistributionConfig) => createFileStorage(config, 'lead-distribution'),
      inject: [LeadDistributionConfig],
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
