import { Body, Controller, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, FileUploadQueryDto, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import { ApiProblem, Idempotent, NoStore, Public, TakesEvidenceBytes, TOO_MANY_PENDING_UPLOADS_DOC, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingFor, PartnerScoped, Roles } from '../auth/auth.decorators.js';
import type { ActingOwner } from '../auth/principal.js';
import { FilesService } from './files.service.js';

@ApiTags('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Idempotent()
  @Post('presigned')
  @NoStore()
  @HttpCode(200)
  @ApiKeyAuth()
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator, ApiKeyRole.Provider)
  @PartnerScoped({ providers: true })
  @ApiOperation({
    summary: 'Presign a file upload (AS evidence, or a provider’s lead file)',
    description:
      'Step 1 of 3: declare the file (type, exact size, at most 10 MiB). Step 2: PUT the bytes to uploadUrl with that Content-Type before it expires. Step 3: a partner names fileId in storedFileIds when creating the AS request; a provider (provider key, no partnerId) names key as a fileKey in the metadata of the leads it registers.',
  })
  @ApiOkResponse({ type: PresignedUploadDto })
  @ApiProblem(429, TOO_MANY_PENDING_UPLOADS_DOC)
  presign(@ActingFor() owner: ActingOwner, @Body() body: PresignedRequestDto): Promise<PresignedUploadDto> {
    return this.files.presign(owner, body);
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
}
