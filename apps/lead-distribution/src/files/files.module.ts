import { Module } from '@nestjs/common';
import { StoredFilesModule } from '#platform';
import { LEAD_FILES } from './file-owner.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';

/** Stored files, on the platform's. FilesService is what other features use (requireUploadedFiles, requireProviderFiles, describe). */
@Module({
  imports: [StoredFilesModule.forFeature(LEAD_FILES)],
  controllers: [FilesController],
  providers: [FilesService],
  exports: [FilesService],
})
export class FilesModule {}
