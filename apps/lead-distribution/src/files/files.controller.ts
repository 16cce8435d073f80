import { Body, Controller, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, FileUploadQueryDto, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import { Idempotent, Public, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingPartnerId, PartnerScoped, Roles } from '../auth/auth.decorators.js';
import { FilesService } from './files.service.js';
import { RequestOrigin } from './request-origin.decorator.js';
import { TakesEvidenceBytes } from './upload-body-parser.js';

@ApiTags('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Idempotent()
  @Post('presigned')
  @HttpCode(200)
  @ApiKeyAuth()
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Presign an AS evidence file upload',
    description:
      'Step 1 of 3: declare the file (type, exact size, at most 10 MiB). Step 2: PUT the bytes to uploadUrl with that Content-Type before it expires. Step 3: name fileId in storedFileIds when creating the AS request.',
  })
  @ApiOkResponse({ type: PresignedUploadDto })
  presign(
    @ActingPartnerId() partnerId: number,
    @Body() body: PresignedRequestDto,
    @RequestOrigin() origin: string,
  ): Promise<PresignedUploadDto> {
    return this.files.presign(partnerId, body, origin);
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
