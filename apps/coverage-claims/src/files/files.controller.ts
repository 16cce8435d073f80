import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClaimFileDto, ClaimPresignedRequestDto, ClaimPresignedUploadDto, FileUploadQueryDto } from '#contracts';
import {
  ApiProblem,
  ApiProblems,
  Idempotent,
  NoStore,
  Public,
  TakesEvidenceBytes,
  TOO_MANY_PENDING_UPLOADS_DOC,
  uuidParam,
} from '#platform';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { AuthenticatedUser } from '../auth/principal.js';
import { FilesService } from './files.service.js';

@ApiTags('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Idempotent({ subjectOf: (upload: ClaimPresignedUploadDto) => `file:${upload.fileId}` })
  @Post('presigned')
  @NoStore()
  @HttpCode(200)
  @BearerAuth()
  @ApiOperation({
    summary: "Presign a claim's evidence file upload",
    description:
      'Step 1 of 3: declare the file (type, exact size, at most 10 MiB, and optionally its SHA-256). Step 2: PUT the bytes to uploadUrl with the headers of uploadHeaders before it expires: storage refuses another size, type or digest. Step 3: name fileId in the claim, which keeps the bytes as they were then. The file is the signed-in planner’s, and only ever read through signed URLs that expire (GET /api/v1/files/{fileId}, the claim history): it has no permanent URL.',
  })
  @ApiOkResponse({ type: ClaimPresignedUploadDto })
  @ApiProblem(429, TOO_MANY_PENDING_UPLOADS_DOC)
  presign(@CurrentUser() user: AuthenticatedUser, @Body() body: ClaimPresignedRequestDto): Promise<ClaimPresignedUploadDto> {
    return this.files.presign(user, body);
  }

  @Get(':fileId')
  @NoStore()
  @BearerAuth()
  @ApiOperation({
    summary:
      'One evidence file: whether it has been uploaded, and a download URL that expires (the planner’s own; any of the organisation’s for an admin)',
  })
  @ApiOkResponse({ type: ClaimFileDto })
  @ApiProblems(404)
  get(@CurrentUser() user: AuthenticatedUser, @Param('fileId', uuidParam('fileId')) fileId: string): Promise<ClaimFileDto> {
    return this.files.get(user, fileId);
  }

  // The local driver's upload target. Left out of the document: clients use uploadUrl as given,
  // and with the s3 driver it is an S3 URL instead.
  @Put('upload/:fileId')
  @Public()
  @HttpCode(204)
  @TakesEvidenceBytes()
  @ApiExcludeEndpoint()
  upload(
    @Param('fileId', uuidParam('fileId')) fileId: string,
    @Query() query: FileUploadQueryDto,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<void> {
    return this.files.receiveUpload(fileId, query, contentType, body);
  }

  // The local driver's download target: the URLs of a claim's history files. Left out of the
  // document like the upload: clients fetch the URLs as given; with the s3 driver they are S3's.
  @Get('download/:fileId')
  @Public()
  @NoStore()
  @ApiExcludeEndpoint()
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
