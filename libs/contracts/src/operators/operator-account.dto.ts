import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationDto } from '../common/pagination.dto.js';
import { Trim } from '../common/transforms.js';

/** An operator's role, least first: each includes what the ones before it may do. */
export enum OperatorRoleName {
  Viewer = 'viewer',
  Reviewer = 'reviewer',
  Admin = 'admin',
}

const PASSWORD_DESCRIPTION =
  "At least 8 characters of 3 kinds (upper-case letters, lower-case letters, digits, symbols) or at least 10 of 2 kinds; at most 128. The safeguards guide's rule.";

export class CreateOperatorAccountDto {
  @ApiProperty({ description: 'Unique, compared without case', example: 'jiwoo.han@example.com', maxLength: 254 })
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: '한지우', maxLength: 100 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ enum: OperatorRoleName, enumName: 'OperatorRoleName' })
  @IsEnum(OperatorRoleName)
  role!: OperatorRoleName;

  @ApiProperty({ description: `The first password, for the person to sign in with. ${PASSWORD_DESCRIPTION}`, minLength: 8, maxLength: 128 })
  @IsString()
  @MaxLength(128)
  password!: string;
}

/** What an admin changes of an account: each field given is changed, and kept in its history. */
export class UpdateOperatorAccountDto {
  @ApiPropertyOptional({ example: '한지우', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: OperatorRoleName, enumName: 'OperatorRoleName' })
  @IsOptional()
  @IsEnum(OperatorRoleName)
  role?: OperatorRoleName;

  @ApiPropertyOptional({
    description:
      'true disables the account (its sessions end and its personal keys are revoked, on the next request); false enables it again',
  })
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;

  @ApiPropertyOptional({ description: `A new password (a reset by an admin). ${PASSWORD_DESCRIPTION}`, minLength: 8, maxLength: 128 })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  password?: string;
}

export class OperatorAccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'jiwoo.han@example.com' })
  email!: string;

  @ApiProperty({ example: '한지우' })
  name!: string;

  @ApiProperty({ enum: OperatorRoleName, enumName: 'OperatorRoleName' })
  role!: OperatorRoleName;

  @ApiProperty({ description: 'Whether the second factor (TOTP) is enrolled; false until the first sign-in confirms it' })
  secondFactorEnrolled!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Locked after failed sign-ins until then' })
  lockedUntil!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabledAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class OperatorAccountListDto {
  @ApiProperty({ type: [OperatorAccountDto] })
  data!: OperatorAccountDto[];
}

/** What happened to an account, as its history keeps it. */
export enum OperatorAccountEvent {
  Granted = 'granted',
  NameChanged = 'name-changed',
  RoleChanged = 'role-changed',
  Disabled = 'disabled',
  Enabled = 'enabled',
  PasswordReset = 'password-reset',
  SecondFactorEnrolled = 'second-factor-enrolled',
  SecondFactorReset = 'second-factor-reset',
  ApiKeyIssued = 'api-key-issued',
  ApiKeyRevoked = 'api-key-revoked',
}

export class OperatorAccountHistoryEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  accountId!: string;

  @ApiProperty({ enum: OperatorAccountEvent, enumName: 'OperatorAccountEvent' })
  event!: OperatorAccountEvent;

  @ApiProperty({ type: String, nullable: true, description: 'Before the change (a role, a name, a key id)', example: 'viewer' })
  before!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'After the change', example: 'reviewer' })
  after!: string | null;

  @ApiProperty({ description: 'Who did it: `operator` (an account) or `bootstrap` (OPERATOR_API_KEYS)', example: 'operator' })
  byKind!: string;

  @ApiProperty({ description: "The acting account's id (or the bootstrap key's `env:…` id)" })
  byId!: string;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

export class OperatorAccountHistoryDto {
  @ApiProperty({ type: [OperatorAccountHistoryEntryDto] })
  data!: OperatorAccountHistoryEntryDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
