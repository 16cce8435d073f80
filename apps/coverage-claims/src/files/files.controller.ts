import { Body, Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClaimFileDto, ClaimPresignedRequestDto, ClaimPresignedUploadDto } from '#contracts';
import { ApiProblems, Idempotent, NoStore, PresignRoute, RecordsAccess, uuidParam } from '#platform';
import { fileSubject } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { AuthenticatedUser } from '../auth/principal.js';
import { FilesService } from './files.service.js';

@ApiTags('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Idempotent({ subjectOf: (upload: ClaimPresignedUploadDto) => `file:${upload.fileId}` })
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [fileSubject((response as ClaimPresignedUploadDto).fileId)] })
  @PresignRoute(ClaimPresignedUploadDto, {
    summary: "Presign a claim's evidence file upload",
    description:
      'Step 1 of 3: declare the file (type, exact size, at most 10 MiB, and optionally its SHA-256). Step 2: PUT the bytes to uploadUrl with the headers of uploadHeaders before it expires: storage refuses another size, type or digest. Step 3: name fileId in the claim, which keeps the bytes as they were then. The file is the signed-in planner’s, and only ever read through signed URLs that expire (GET /api/v1/files/{fileId}, the claim history): it has no permanent URL.',
  })
  @BearerAuth()
  presign(@CurrentUser() user: AuthenticatedUser, @Body() body: ClaimPresignedRequestDto): Promise<ClaimPresignedUploadDto> {
    return this.files.presign(user, body);
  }

  @Get(':fileId')
  @RecordsAccess({ action: 'download', subjects: ({ params }) => [fileSubject(params.fileId)] })
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
}
