import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEnum, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PaginationDto, SearchPageQueryDto } from '../common/pagination.dto.js';
import { Trim } from '../common/transforms.js';
import { IsOmittable } from '../common/validators.js';
import { KOREAN_MOBILE, normalizePhone } from '../lead-distribution/lead.dto.js';

/** Roles of planner users inside their organisation. */
export enum UserRole {
  Planner = 'PLANNER',
  OrgAdmin = 'ORG_ADMIN',
}

export enum UserStatus {
  Active = 'ACTIVE',
  Disabled = 'DISABLED',
}

/** A planner's identifier at the organisation (연계정보 CI or the organisation's own id): 1–128 visible ASCII characters. */
export const FC_USER_CI = /^[\x21-\x7e]{1,128}$/;

/** Who a planner is: what an organisation admin adds, and what an SSO assertion names (besides its standard claims). */
export class AddUserDto {
  @ApiProperty({
    description: "The planner's identifier at the organisation (CI); unique within it, never changes",
    example: 'wQ4dX0hYk1Lr2m9ZB8f3sT0vPq6nJc5uA7eK1yGz3oH8iM2pR4tV6xW0bD9lF3aS5hJ7kN1qE==',
    maxLength: 128,
  })
  @IsString()
  @Matches(FC_USER_CI, { message: 'must be 1 to 128 visible ASCII characters' })
  fcUserCi!: string;

  @ApiProperty({ example: '김설계', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @ApiPropertyOptional({ type: String, description: 'Korean mobile number; hyphens are ignored', example: '010-1234-5678', nullable: true })
  @IsOptional()
  @Transform(({ value }) => normalizePhone(value))
  @IsString()
  @Matches(KOREAN_MOBILE, { message: 'must be a Korean mobile number (010-1234-5678)' })
  phone?: string | null;

  @ApiPropertyOptional({ enum: UserRole, enumName: 'UserRole', description: 'Default PLANNER' })
  @IsOptional()
  @IsEnum(UserRole)
  role?: UserRole;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ example: '김설계', maxLength: 50 })
  @IsOmittable()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Korean mobile number (hyphens ignored); null removes it',
    example: '010-1234-5678',
    nullable: true,
  })
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @Transform(({ value }) => normalizePhone(value))
  @IsString()
  @Matches(KOREAN_MOBILE, { message: 'must be a Korean mobile number (010-1234-5678)' })
  phone?: string | null;

  @ApiPropertyOptional({ enum: UserRole, enumName: 'UserRole' })
  @IsOmittable()
  @IsEnum(UserRole)
  role?: UserRole;

  @ApiPropertyOptional({
    enum: UserStatus,
    enumName: 'UserStatus',
    description: 'DISABLED: the user can no longer sign in, and their tokens stop working at once',
  })
  @IsOmittable()
  @IsEnum(UserStatus)
  status?: UserStatus;
}

export class ListUsersQueryDto extends SearchPageQueryDto({
  description: 'Partial match on the name (case-insensitive, wildcards literal)',
  maxLength: 50,
}) {
  @ApiPropertyOptional({ enum: UserRole, enumName: 'UserRole' })
  @IsOptional()
  @IsEnum(UserRole)
  role?: UserRole;

  @ApiPropertyOptional({ enum: UserStatus, enumName: 'UserStatus' })
  @IsOptional()
  @IsEnum(UserStatus)
  status?: UserStatus;
}

export class UserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  organisationId!: string;

  @ApiProperty()
  fcUserCi!: string;

  @ApiProperty({ example: '김설계' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: '01012345678', description: 'Digits only' })
  phone!: string | null;

  @ApiProperty({ enum: UserRole, enumName: 'UserRole' })
  role!: UserRole;

  @ApiProperty({ enum: UserStatus, enumName: 'UserStatus' })
  status!: UserStatus;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Last SSO sign-in; null for a user added who has not signed in yet',
  })
  lastSignedInAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class UserListDto {
  @ApiProperty({ type: [UserDto] })
  data!: UserDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
