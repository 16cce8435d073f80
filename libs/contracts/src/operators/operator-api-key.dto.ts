import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../common/transforms.js';

export class IssueOperatorApiKeyDto {
  @ApiPropertyOptional({ description: 'What the key is for (a script, a machine)', example: 'monthly-report', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;
}

/** A personal API key as listed: never the key itself. */
export class OperatorApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  accountId!: string;

  @ApiProperty({ type: String, nullable: true, example: 'monthly-report' })
  name!: string | null;

  @ApiProperty({ description: 'First characters of the key, to recognise it', example: 'opk_7Hq2' })
  prefix!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

/** Returned once, at issue: the only time the plain key is shown. */
export class OperatorApiKeyIssuedDto extends OperatorApiKeyDto {
  @ApiProperty({ description: 'Send as X-API-Key. Shown only here; it works while the key and its account do.', example: 'opk_7Hq2...' })
  apiKey!: string;
}

export class OperatorApiKeyListDto {
  @ApiProperty({ type: [OperatorApiKeyDto] })
  data!: OperatorApiKeyDto[];
}
