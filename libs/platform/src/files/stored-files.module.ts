import { Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import { createFileStorage, type FileStorageConfig } from './file-storage.config.js';
import { FILE_STORAGE } from './file-storage.js';
import type { StoredFileColumns } from './stored-file.columns.js';
import { FileDownloadController, FileUploadController } from './stored-files.controller.js';
import { STORED_FILES_FEATURE, type StoredFilesFeature } from './stored-files.feature.js';
import { StoredFilesRepository } from './stored-files.repository.js';
import { StoredFilesService } from './stored-files.service.js';
import { UploadBodyParser } from './upload-body-parser.js';

/**
 * A service's presigned files on the storage STORAGE_DRIVER names: StoredFilesService, the configured
 * FILE_STORAGE, and the local driver's signed upload route (and download route, with
 * `feature.downloadKey`). The service imports it once, from its own files module, which adds the
 * presign route with the service's credential.
 */
@Module({})
export class StoredFilesModule {
  static forFeature<F extends StoredFileColumns, O>(feature: StoredFilesFeature<F, O>): DynamicModule {
    return {
      module: StoredFilesModule,
      controllers: [FileUploadController, ...(feature.downloadKey ? [FileDownloadController] : [])],
      providers: [
        { provide: STORED_FILES_FEATURE, useValue: feature },
        {
          provide: FILE_STORAGE,
          useFactory: (config: FileStorageConfig) => createFileStorage(config, feature.service),
          inject: [SERVICE_CONFIG],
        },
        StoredFilesRepository,
        StoredFilesService,
        UploadBodyParser,
      ],
      exports: [StoredFilesService, FILE_STORAGE],
    };
  }
}
