import path from 'node:path';
import { Module } from '@nestjs/common';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';
import { LocalFileStorage } from './storage/local-file-storage.js';
import { S3FileStorage } from './storage/s3-file-storage.js';
import { UploadBodyParser } from './upload-body-parser.js';

/** Stored files. FilesService is what other features use (requireUploadedFiles, requireProviderFiles, describe). */
@Module({
  controllers: [FilesController],
  providers: [
    FilesRepository,
    FilesService,
    UploadBodyParser,
    { provide: FILE_STORAGE, useFactory: createFileStorage, inject: [LeadDistributionConfig] },
  ],
  exports: [FilesService],
})
export class FilesModule {}

function createFileStorage(config: LeadDistributionConfig): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3FileStorage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  // Set from the environment, or generated under DATA_DIR by the service's prepare step.
  if (!config.FILE_UPLOAD_SECRET) throw new Error('FILE_UPLOAD_SECRET is not set');
  return new LocalFileStorage(
    path.resolve(config.DATA_DIR, 'lead-distribution', 'files'),
    config.FILE_UPLOAD_SECRET,
    config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`,
  );
}
