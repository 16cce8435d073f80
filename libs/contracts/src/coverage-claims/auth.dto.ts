import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { AddUserDto } from './user.dto.js';

/** A compact JWS: three base64url parts. */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Codes and refresh tokens: a short prefix and 256 random bits in base64url. */
const OPAQUE_TOKEN = /^[a-z]{2,4}_[A-Za-z0-9_-]{43}$/;

/** RFC 7636: BASE64URL(SHA-256(code_verifier)) without padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export const MAX_ASSERTION_LIFETIME_SECONDS = 300;

/** Query of `GET /api/v1/auth/sso`. */
@ApiSchema({ name: 'SsoLoginRequest' })
export class SsoLoginQueryDto {
  @ApiProperty({
    description: `HS256 JWT signed with the organisation's SSO secret (claims: SsoAssertionClaims), valid for at most ${MAX_ASSERTION_LIFETIME_SECONDS} s and usable once`,
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiIuLi4ifQ.c2lnbmF0dXJl',
    maxLength: 8192,
  })
  @IsString()
  @MaxLength(8192)
  @Matches(COMPACT_JWT, { message: 'must be a compact JWT (header.payload.signature)' })
  assertion!: string;

  @ApiProperty({
    description: "Where to send the browser back: exactly one of the organisation's registered redirect URIs",
    example: 'https://planner.example.com/sso/callback',
    maxLength: 2048,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  redirectUri!: string;

  @ApiPropertyOptional({
    description: 'Opaque value handed back unchanged on the redirect (CSRF protection of the front end)',
    maxLength: 1024,
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  state?: string;

  @ApiProperty({
    name: 'code_challenge',
    description:
      'PKCE (RFC 7636): BASE64URL(SHA-256(code_verifier)) without padding, 43 characters. The front end keeps the code_verifier and sends it with the code to GET /api/v1/auth/token',
    example: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    pattern: S256_CHALLENGE.source,
  })
  @IsString()
  @Matches(S256_CHALLENGE, { message: 'must be BASE64URL(SHA-256(code_verifier)): 43 characters of A-Z, a-z, 0-9, - and _' })
  code_challenge!: string;

  @ApiProperty({ name: 'code_challenge_method', enum: ['S256'], description: 'Only S256: the plain method is refused' })
  @IsIn(['S256'])
  code_challenge_method!: 'S256';
}

/** What the 302 of a successful sign-in carries, as query parameters of the redirect URI. */
@ApiSchema({ name: 'SsoLoginResponse' })
export class SsoLoginRedirectDto {
  @ApiProperty({ description: 'One-time code: exchange it at GET /api/v1/auth/token?code=… within 60 s', example: 'ac_Qm9…' })
  code!: string;

  @ApiPropertyOptional({ description: 'The `state` of the sign-in request, unchanged (absent when none was sent)' })
  state?: string;
}

/**
 * The payload of an SSO assertion. Besides these, `aud` must be the service's SSO audience
 * (SSO_AUDIENCE); other claims are ignored.
 */
@ApiSchema({ name: 'SsoAssertionClaims' })
export class SsoAssertionClaimsDto extends AddUserDto {
  @ApiProperty({ format: 'uuid', description: 'The organisation id: whose secret verifies the signature' })
  @IsUUID()
  iss!: string;

  @ApiProperty({ description: 'Unique per assertion (up to 128 characters): an assertion is accepted once', maxLength: 128 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  jti!: string;

  @ApiProperty({ type: 'integer', description: 'Issued at (Unix seconds)' })
  @IsInt()
  iat!: number;

  @ApiProperty({ type: 'integer', description: `Expiry (Unix seconds), at most ${MAX_ASSERTION_LIFETIME_SECONDS} s after iat` })
  @IsInt()
  exp!: number;
}

const NotWith = (other: string) =>
  ValidateBy({
    name: 'notWith',
    constraints: [other],
    validator: {
      validate: (_value: unknown, args) => (args?.object as Record<string, unknown>)[other] === undefined,
      defaultMessage: () => `must not be sent together with ${other}`,
    },
  });

/** Query of `GET /api/v1/auth/token`: `code` with `code_verifier` and `redirectUri`, or `refreshToken` alone. */
export class TokenQueryDto {
  @ApiPropertyOptional({ description: 'The one-time code of the sign-in redirect (valid once, for 60 s)' })
  @ValidateIf((query: TokenQueryDto) => query.refreshToken === undefined || query.code !== undefined)
  @IsDefined({ message: 'is required unless refreshToken is sent' })
  @IsString()
  @Matches(OPAQUE_TOKEN, { message: 'is not a code this service issued' })
  code?: string;

  @ApiPropertyOptional({
    name: 'code_verifier',
    description:
      'With `code`: the PKCE verifier whose S256 challenge the sign-in request carried (43 to 128 characters of A-Z, a-z, 0-9, `-`, `.`, `_`, `~`)',
    pattern: CODE_VERIFIER.source,
  })
  @ValidateIf((query: TokenQueryDto) => (query.code !== undefined && query.refreshToken === undefined) || query.code_verifier !== undefined)
  @IsDefined({ message: 'is required with code' })
  @IsString()
  @Matches(CODE_VERIFIER, { message: 'must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636)' })
  @NotWith('refreshToken')
  code_verifier?: string;

  @ApiPropertyOptional({ description: 'With `code`: the redirect URI of the sign-in request, exactly as sent there', maxLength: 2048 })
  @ValidateIf((query: TokenQueryDto) => (query.code !== undefined && query.refreshToken === undefined) || query.redirectUri !== undefined)
  @IsDefined({ message: 'is required with code' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  @NotWith('refreshToken')
  redirectUri?: string;

  @ApiPropertyOptional({ description: 'The latest refresh token (valid once: each use returns a new one)' })
  @ValidateIf((query: TokenQueryDto) => query.refreshToken !== undefined)
  @IsString()
  @Matches(OPAQUE_TOKEN, { message: 'is not a refresh token this service issued' })
  @NotWith('code')
  refreshToken?: string;
}

@ApiSchema({ name: 'TokenResponse' })
export class TokenResponseDto {
  @ApiProperty({ description: 'Send as Authorization: Bearer <accessToken>', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  tokenType!: 'Bearer';

  @ApiProperty({ type: 'integer', description: 'Lifetime of the access token in seconds', example: 900 })
  expiresIn!: number;

  @ApiProperty({ description: 'Exchange it for new tokens before it expires; each refresh token works once', example: 'rt_Hq2…' })
  refreshToken!: string;
}
