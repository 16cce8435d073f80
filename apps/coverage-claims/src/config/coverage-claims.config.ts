import { IsString, MinLength, ValidateIf } from 'class-validator';
import { ServiceConfig } from '#platform';

export class CoverageClaimsConfig extends ServiceConfig {
  override PORT = 3000;

  override EMBEDDED_DATABASE_PORT = 54320;

  /**
   * HS256 secret that signs and verifies access tokens (at least 32 characters). Required in
   * production; elsewhere, when unset, a random one is generated once and kept under DATA_DIR.
   */
  @ValidateIf((config: CoverageClaimsConfig) => config.NODE_ENV === 'production' || config.JWT_SECRET !== undefined)
  @IsString({ message: 'is required in production' })
  @MinLength(32, { message: 'must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsString()
  JWT_ISSUER = 'coverage-claims';

  @IsString()
  JWT_AUDIENCE = 'coverage-claims-api';
}
