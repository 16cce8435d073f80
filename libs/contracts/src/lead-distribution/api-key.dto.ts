import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../common/transforms.js';

export enum ApiKeyRole {
  Partner = 'partner',
  Provider = 'provider',
  Operator = 'operator',
}

export class IssueApiKeyDto {
  @ApiPropertyOptional({ description: 'A label to recognise the key by (where it is deployed)', example: 'crm-production', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;
}

/** A key as listed: never the secret. */
export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ApiKeyRole, enumName: 'ApiKeyRole' })
  role!: ApiKeyRole;

  @ApiProperty({ type: String, nullable: true, example: 'crm-production' })
  name!: string | null;

  @ApiProperty({ description: 'First characters of the key, to recognise it', example: 'ldk_7Hq2' })
  prefix!: string;

  @ApiProperty({ type: 'integer', nullable: true })
  partnerId!: number | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  providerId!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

/** Returned once, at issue: the only time the plain key is shown. */
export class ApiKeyIssuedDto extends ApiKeyDto {
  @ApiProperty({ description: 'The key to send as X-API-Key. Shown only here; store it now.', example: 'ldk_7Hq2...' })
  apiKey!: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] })
  data!: ApiKeyDto[];
}
