import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import { Idempotent, OperatorRole, PresignRoute } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingFor, PartnerScoped, Roles } from '../auth/auth.decorators.js';
import type { ActingOwner } from '../auth/principal.js';
import { FilesService } from './files.service.js';

@ApiTags('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Idempotent()
  @PresignRoute(PresignedUploadDto, {
    summary: 'Presign a file upload (AS evidence, or a provider’s lead file)',
    description:
      'Step 1 of 3: declare the file (type, exact size, at most 10 MiB). Step 2: PUT the bytes to uploadUrl with that Content-Type before it expires. Step 3: a partner names fileId in storedFileIds when creating the AS request; a provider (provider key, no partnerId) names key as a fileKey in the metadata of the leads it registers.',
  })
  @ApiKeyAuth()
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator, ApiKeyRole.Provider)
  @OperatorRole('admin')
  @PartnerScoped({ providers: true })
  presign(@ActingFor() owner: ActingOwner, @Body() body: PresignedRequestDto): Promise<PresignedUploadDto> {
    return this.files.presign(owner, body);
  }
}
