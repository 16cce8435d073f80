import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { Trim } from '../common/transforms.js';
import { Gender, KOREAN_MOBILE, normalizePhone } from '../lead-distribution/lead.dto.js';

export const VERIFICATION_CODE = /^\d{6}$/;

/**
 * A birth date as YYYYMMDD: a real calendar day from 1900-01-01 up to today (UTC+9, so a customer
 * born today in Korea is accepted).
 */
export function isBirthDateYyyymmdd(value: unknown, today: Date = new Date()): boolean {
  if (typeof value !== 'string' || !/^(19|20)\d{6}$/.test(value)) return false;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const koreanToday = new Date(today.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return value <= koreanToday;
}

const IsBirthDate = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isBirthDate',
      validator: {
        validate: (value: unknown) => isBirthDateYyyymmdd(value),
        defaultMessage: () => 'must be a date as YYYYMMDD, not in the future',
      },
    },
    options,
  );

/** Who the customer is and what they agreed to: a one-time number goes to `phone`. */
export class RequestVerificationDto {
  @ApiProperty({ description: "The customer's name", example: '홍길동', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '19850314' })
  @IsString()
  @IsBirthDate()
  birthDate!: string;

  @ApiProperty({ enum: Gender, enumName: 'Gender' })
  @IsIn(Object.values(Gender))
  gender!: Gender;

  @ApiProperty({ description: 'Korean mobile number; hyphens are ignored', example: '010-1234-5678' })
  @Transform(({ value }) => normalizePhone(value))
  @IsString()
  @Matches(KOREAN_MOBILE, { message: 'must be a Korean mobile number (010-1234-5678)' })
  phone!: string;

  @ApiProperty({
    type: [String],
    description: 'Ids of the terms the customer agreed to (`GET /api/v1/coverage/terms`); every required one must be among them',
    example: ['coverage-privacy-collection-v1', 'coverage-third-party-provision-v1', 'coverage-unique-identifier-v1'],
    maxItems: 20,
  })
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'must not name a term twice' })
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  agreedTermIds!: string[];
}

/** A one-time number was sent. */
export class VerificationDto {
  @ApiProperty({ format: 'uuid', description: 'Confirm with `POST /api/v1/coverage/verifications/{id}/confirm`' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: 'The customer (the same person in your organisation is always the same customer)' })
  customerId!: string;

  @ApiProperty({ description: 'Where the number went, masked', example: '010-****-5678' })
  maskedPhone!: string;

  @ApiProperty({ format: 'date-time', description: 'The number is accepted until then' })
  expiresAt!: string;

  @ApiProperty({ type: 'integer', description: 'Seconds the number is valid', example: 180 })
  expiresIn!: number;

  @ApiProperty({ format: 'date-time', description: 'A new number for this phone can be requested from then on' })
  resendAvailableAt!: string;

  @ApiProperty({ type: 'integer', description: 'Wrong numbers accepted before the verification locks', example: 5 })
  attemptsLeft!: number;
}

export class ConfirmVerificationDto {
  @ApiProperty({ description: 'The 6-digit number the customer received', example: '123456' })
  @IsString()
  @Matches(VERIFICATION_CODE, { message: 'must be 6 digits' })
  code!: string;
}

/** The customer proved the phone: the token lets the coverage analysis fetch their contracts. */
export class VerificationConfirmedDto {
  @ApiProperty({ format: 'uuid' })
  verificationId!: string;

  @ApiProperty({ format: 'uuid' })
  customerId!: string;

  @ApiProperty({
    description: 'Give it to the coverage analysis; usable until `verificationTokenExpiresAt`, shown only here',
    example: 'vt_8xZ1Qm2…',
  })
  verificationToken!: string;

  @ApiProperty({ format: 'date-time' })
  verificationTokenExpiresAt!: string;

  @ApiProperty({ type: 'integer', description: 'Seconds the token is valid', example: 1800 })
  expiresIn!: number;
}
