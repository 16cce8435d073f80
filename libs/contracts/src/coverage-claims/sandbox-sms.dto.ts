import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../common/pagination.dto.js';
import { KOREAN_MOBILE, normalizePhone } from '../lead-distribution/lead.dto.js';

export enum SandboxMessageStatus {
  Delivered = 'DELIVERED',
  Failed = 'FAILED',
}

export class SandboxMessagesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only messages to this mobile number (exact; hyphens ignored)', example: '010-1234-5678' })
  @IsOptional()
  @Transform(({ value }) => normalizePhone(value))
  @IsString()
  @Matches(KOREAN_MOBILE, { message: 'must be a Korean mobile number (010-1234-5678)' })
  phone?: string;
}

/** A text message the sandbox SMS adapter accepted (or refused, for the documented failing numbers). */
export class SandboxMessageDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Digits only', example: '01012345678' })
  phone!: string;

  @ApiProperty({ example: '[보장분석] 본인확인 인증번호는 [123456]입니다. 3분 안에 입력해 주세요.' })
  text!: string;

  @ApiProperty({ enum: SandboxMessageStatus, enumName: 'SandboxMessageStatus' })
  status!: SandboxMessageStatus;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class SandboxMessageListDto {
  @ApiProperty({ type: [SandboxMessageDto], description: 'Newest first' })
  data!: SandboxMessageDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
