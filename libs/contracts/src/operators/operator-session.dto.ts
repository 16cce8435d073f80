import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../common/transforms.js';
import { OperatorAccountDto } from './operator-account.dto.js';

export class OperatorSignInDto {
  @ApiProperty({ example: 'jiwoo.han@example.com', maxLength: 254 })
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ maxLength: 128 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password!: string;
}

/** Shown on the first sign-in only: the secret to add to an authenticator app. */
export class OperatorTotpEnrolmentDto {
  @ApiProperty({ description: 'The TOTP secret (base32), to type in by hand', example: 'JBSWY3DPEHPK3PXP' })
  secret!: string;

  @ApiProperty({
    description: 'The same as an otpauth:// URI (RFC 6238: SHA-1, 6 digits, 30 s), to show as a QR code',
    example:
      'otpauth://totp/coverage-claims:jiwoo.han%40example.com?issuer=coverage-claims&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  })
  otpauthUri!: string;
}

/** The password was right: the second factor is asked next, within a few minutes. */
export class OperatorSignInChallengeDto {
  @ApiProperty({ description: 'Sent back with the second factor' })
  challenge!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({
    type: OperatorTotpEnrolmentDto,
    nullable: true,
    description:
      'Present on the first sign-in (and after an admin reset the second factor): the code that completes sign-in also ends enrolment',
  })
  enrolment!: OperatorTotpEnrolmentDto | null;
}

export class OperatorSecondFactorDto {
  @ApiProperty({ description: 'The challenge of POST /api/v1/admin/session', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  challenge!: string;

  @ApiPropertyOptional({ description: "The authenticator's current 6-digit code (give this or recoveryCode)", example: '492039' })
  @ValidateIf((body: OperatorSecondFactorDto) => body.recoveryCode === undefined || body.code !== undefined)
  @IsString()
  @Matches(/^\d{6}$/, { message: 'must be 6 digits' })
  code?: string;

  @ApiPropertyOptional({
    description: 'One of the recovery codes shown at enrolment; each works once',
    example: 'K7QX-M2PD-9RTA',
    maxLength: 40,
  })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(40)
  recoveryCode?: string;
}

/** Who is signed in, and what a state-changing request must carry. */
export class OperatorSessionDto {
  @ApiProperty({ type: OperatorAccountDto })
  account!: OperatorAccountDto;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie (null when signed in by X-API-Key)',
  })
  csrfToken!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The session ends then at the latest (12 hours after sign-in)',
  })
  expiresAt!: string | null;

  @ApiProperty({ type: 'integer', example: 30, description: 'The session ends after this many minutes without a request' })
  idleMinutes!: number;
}

/** The second factor was right: the session cookie is set. */
export class OperatorSignedInDto extends OperatorSessionDto {
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'At the end of enrolment only: ten one-time recovery codes, shown this once (they are stored as hashes)',
  })
  recoveryCodes!: string[] | null;
}
