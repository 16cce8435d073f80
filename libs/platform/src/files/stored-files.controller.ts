import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiExcludeController, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { FileUploadQueryDto } from '#contracts';
import { NoStore } from '../http/no-store.js';
import { uuidParam } from '../http/params.js';
import { Public } from '../http/public.decorator.js';
import { ApiProblem } from '../openapi/api-docs.decorators.js';
import { TOO_MANY_PENDING_UPLOADS_DOC } from './file.errors.js';
import { StoredFilesService } from './stored-files.service.js';
import { TakesEvidenceBytes } from './upload-body-parser.js';

/**
 * `POST /api/v1/files/presigned` of a service's own files controller (which adds its own credential):
 * step 1 of an upload, answering `response` (200), or 429 TOO_MANY_PENDING_UPLOADS.
 */
export const PresignRoute = (response: Type, operation: { summary: string; description: string }) =>
  applyDecorators(
    Post('presigned'),
    NoStore(),
    HttpCode(200),
    ApiOperation(operation),
    ApiOkResponse({ type: response }),
    ApiProblem(429, TOO_MANY_PENDING_UPLOADS_DOC),
  );

// The local driver's signed routes. Left out of the document: clients use the URLs as given, and
// with the s3 driver they are S3's instead.

@Controller('api/v1/files')
@ApiExcludeController()
export class FileUploadController {
  constructor(private readonly files: StoredFilesService) {}

  @Put('upload/:fileId')
  @Public()
  @HttpCode(204)
  @TakesEvidenceBytes()
  upload(
    @Param('fileId', uuidParam('fileId')) fileId: string,
    @Query() query: FileUploadQueryDto,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<void> {
    return this.files.receiveUpload(fileId, query, contentType, body);
  }
}

/** Mounted for a service whose files are downloaded through signed URLs (StoredFilesFeature.downloadKey). */
@Controller('api/v1/files')
@ApiExcludeController()
export class FileDownloadController {
  constructor(private readonly files: StoredFilesService) {}

  @Get('download/:fileId')
  @Public()
  @NoStore()
  async download(
    @Param('fileId', uuidParam('fileId')) fileId: string,
    @Query() query: FileUploadQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.files.download(fileId, query);
    void reply.header('content-type', file.mimeType).header('content-disposition', 'attachment');
    return file.bytes;
  }
}
