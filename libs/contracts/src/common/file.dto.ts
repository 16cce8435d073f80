import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { QueryInt, Trim } from './transforms.js';

/** The only types accepted as evidence (AS requests, claims): photos, scans and call recordings. */
export const EVIDENCE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
] as const;

export type EvidenceMimeType = (typeof EVIDENCE_MIME_TYPES)[number];

/** 10 MiB: the largest evidence file. */
export const MAX_EVIDENCE_FILE_BYTES = 10 * 1024 * 1024;

/** What a caller declares of a file before uploading it: each service's presign request extends it. */
export class PresignFileFields {
  @ApiProperty({
    description: 'Name of the file on the caller side; kept, never used in the storage key',
    example: '통화녹음.m4a',
    maxLength: 255,
  })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  originalName!: string;

  @ApiProperty({
    enum: EVIDENCE_MIME_TYPES,
    enumName: 'EvidenceMimeType',
    description: 'Type of the file; the upload must send exactly this Content-Type',
    example: 'audio/x-m4a',
  })
  @IsIn(EVIDENCE_MIME_TYPES, { message: `must be one of ${EVIDENCE_MIME_TYPES.join(', ')}` })
  mimeType!: EvidenceMimeType;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_EVIDENCE_FILE_BYTES,
    description: 'Size in bytes; the upload must be exactly this long',
    example: 482133,
  })
  @IsInt()
  @Min(1)
  @Max(MAX_EVIDENCE_FILE_BYTES)
  size!: number;
}

export class PresignedUploadDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Name this id where the file is attached (storedFileIds of an AS request, fileIds of a claim)',
  })
  fileId!: string;

  @ApiProperty({
    description:
      'Send the bytes with an HTTP PUT to this URL, with the declared Content-Type and a body of exactly the declared size. Use it as given: its form depends on the storage.',
    example: 'https://lead-api.example.com/api/v1/files/upload/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10?expires=1795240455&signature=3f1c...',
  })
  uploadUrl!: string;

  @ApiProperty({ description: 'Storage key', example: 'as-evidence/1/2026/11/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10.m4a' })
  key!: string;

  @ApiProperty({
    description:
      'Where the file can be downloaded from once uploaded. A provider’s file (lead metadata): its CDN URL. A partner’s (AS evidence): a signed URL valid 10 minutes, never a permanent one (the AS request’s lookup gives a fresh one).',
    example: 'https://lead-api.example.com/api/v1/files/download/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10?expires=1795240455&signature=9a0b...',
  })
  cdnUrl!: string;

  @ApiProperty({ type: 'integer', description: 'Validity of uploadUrl, in seconds', example: 600 })
  expiresIn!: number;
}

/** The query of a local upload URL, as issued by the presign operation. */
export class FileUploadQueryDto {
  @ApiProperty({ type: 'integer', description: 'Unix time (seconds) after which the URL is refused' })
  @QueryInt()
  @IsInt()
  @Min(0)
  expires!: number;

  @ApiProperty({ description: 'HMAC-SHA256 of the file id and expires, hex' })
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be 64 hexadecimal characters' })
  signature!: string;
}
