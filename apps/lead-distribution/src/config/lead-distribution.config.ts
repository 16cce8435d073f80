import { IsString, MinLength } from 'class-validator';
import { EnvList, ServiceConfig } from '#platform';

export class LeadDistributionConfig extends ServiceConfig {
  override PORT = 3001;

  override EMBEDDED_DATABASE_PORT = 54321;

  /**
   * Operator keys accepted in addition to those in the database (comma-separated), so that a fresh
   * install can create its first partners. Each at least 32 characters.
   */
  @EnvList()
  @IsString({ each: true })
  @MinLength(32, { each: true, message: 'each key must be at least 32 characters long' })
  OPERATOR_API_KEYS: string[] = [];
}
