import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EVIDENCE_MIME_TYPES, PresignFileFields, type EvidenceMimeType } from '../common/file.dto.js';

/** A claim's evidence file, declared before upload: the signed-in planner's. */
@ApiSchema({ name: 'PresignedRequest' })
export class ClaimPresignedRequestDto extends PresignFileFields {}

export enum ClaimFileStatus {
  Pending = 'PENDING',
  Uploaded = 'UPLOADED',
}

export class ClaimFileDto {
  @ApiProperty({ format: 'uuid' })
  fileId!: string;

  @ApiProperty({ example: '진료비영수증.pdf' })
  originalName!: string;

  @ApiProperty({ enum: EVIDENCE_MIME_TYPES, enumName: 'EvidenceMimeType' })
  mimeType!: EvidenceMimeType;

  @ApiProperty({ type: 'integer', example: 482133 })
  size!: number;

  @ApiProperty({
    enum: ClaimFileStatus,
    enumName: 'ClaimFileStatus',
    description: 'PENDING until the upload has arrived (local storage) or a claim has confirmed it in storage (S3)',
  })
  status!: ClaimFileStatus;

  @ApiProperty({ description: 'Where the file is served from once uploaded' })
  cdnUrl!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  uploadedAt!: string | null;
}
