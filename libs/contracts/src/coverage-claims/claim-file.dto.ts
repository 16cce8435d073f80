import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { EVIDENCE_MIME_TYPES, PresignFileFields, type EvidenceMimeType } from '../common/file.dto.js';

/** A claim's evidence file, declared before upload: the signed-in planner's. */
@ApiSchema({ name: 'PresignedRequest' })
export class ClaimPresignedRequestDto extends PresignFileFields {
  @ApiPropertyOptional({
    description:
      'SHA-256 of the bytes, base64 (44 characters). Given, the upload is refused unless its bytes have exactly this digest; send it in the x-amz-checksum-sha256 header when uploadHeaders names it.',
    example: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be a SHA-256 digest in base64 (44 characters)' })
  sha256?: string;
}

/** Where to upload a claim's evidence file. No permanent URL: the file is only ever read through signed URLs that expire. */
@ApiSchema({ name: 'ClaimPresignedUpload' })
export class ClaimPresignedUploadDto {
  @ApiProperty({ format: 'uuid', description: 'Name this id in fileIds of a claim' })
  fileId!: string;

  @ApiProperty({
    description:
      'Send the bytes with an HTTP PUT to this URL, with the headers of uploadHeaders and a body of exactly the declared size. Use it as given: its form depends on the storage.',
    example: 'https://api.example.com/api/v1/files/upload/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10?expires=1795240455&signature=3f1c...',
  })
  uploadUrl!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'Headers the PUT must carry exactly: Content-Type, and x-amz-checksum-sha256 when a digest was declared and the storage checks it so',
    example: { 'content-type': 'application/pdf' },
  })
  uploadHeaders!: Record<string, string>;

  @ApiProperty({
    description: 'Storage key',
    example: 'claim-evidence/0192f7a4-0000-7000-8000-000000000001/2026/11/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10.pdf',
  })
  key!: string;

  @ApiProperty({ type: 'integer', description: 'Validity of uploadUrl, in seconds', example: 600 })
  expiresIn!: number;
}

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

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'A signed URL the file can be downloaded from until downloadUrlExpiresAt (10 minutes; ask again for a new one), once uploaded; null while PENDING. Once the file is in a claim, it serves the bytes the claim carries.',
  })
  downloadUrl!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  downloadUrlExpiresAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  uploadedAt!: string | null;
}
