import { Inject, Injectable, Logger, Module, type LoggerService, type OnApplicationBootstrap } from '@nestjs/common';
import { MetricsRegistry } from '#platform';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { CodefClient, CodefError } from './codef-client.js';
import { usesCodef } from './codef-settings.js';

/** The service's one CodefClient (null when no adapter uses CODEF): the adapters share its token. */
export const CODEF_CLIENT = Symbol('CODEF_CLIENT');

/** How long the start-up check waits for CODEF's OAuth service. */
const STARTUP_CHECK_MS = 15_000;

/** The client INSURANCE_DATA_ADAPTER=codef or NHIS_ADAPTER=codef needs; configuration validation has required every CODEF_* it reads. */
export function codefClientFromConfig(config: CoverageClaimsConfig, metrics?: MetricsRegistry, logger?: LoggerService): CodefClient | null {
  if (!usesCodef(config)) return null;
  const { CODEF_ENV, CODEF_CLIENT_ID, CODEF_CLIENT_SECRET, CODEF_PUBLIC_KEY } = config;
  if (!CODEF_ENV || !CODEF_CLIENT_ID || !CODEF_CLIENT_SECRET || !CODEF_PUBLIC_KEY)
    throw new Error('A codef adapter needs CODEF_ENV, CODEF_CLIENT_ID, CODEF_CLIENT_SECRET and CODEF_PUBLIC_KEY');
  return new CodefClient({
    environment: CODEF_ENV,
    apiUrl: config.CODEF_API_URL,
    tokenUrl: config.CODEF_TOKEN_URL,
    clientId: CODEF_CLIENT_ID,
    clientSecret: CODEF_CLIENT_SECRET,
    publicKey: CODEF_PUBLIC_KEY,
    timeoutMs: config.CODEF_TIMEOUT_MS,
    metrics,
    logger,
  });
}

/**
 * Asks CODEF for a token when the application starts, so that a wrong client id or secret stops the
 * start (and the rollout) instead of failing the first customer. CODEF not answering does not: the
 * provider may be down for a moment, and every call reports it then.
 */
@Injectable()
export class CodefStartupCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('Codef');

  constructor(@Inject(CODEF_CLIENT) private readonly client: CodefClient | null) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.client) return;
    try {
      await this.client.checkCredentials(AbortSignal.timeout(STARTUP_CHECK_MS));
    } catch (error) {
      if (error instanceof CodefError && error.kind === 'CONFIGURATION')
        throw new Error(`CODEF refused this service's client at start-up (CODEF_ENV=${this.client.environment}): ${error.message}`, {
          cause: error,
        });
      this.logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'CODEF could not be asked for a token at start-up; its calls will fail until it answers',
      );
    }
  }
}

/**
 * CODEF_CLIENT, built from configuration: one per application, imported by the adapters' modules
 * (insurance-data, nhis), which Nest then share. Only integrations/ imports it: CODEF is not a port.
 */
@Module({
  providers: [
    {
      provide: CODEF_CLIENT,
      inject: [CoverageClaimsConfig, MetricsRegistry],
      useFactory: (config: CoverageClaimsConfig, metrics: MetricsRegistry) => codefClientFromConfig(config, metrics),
    },
    CodefStartupCheck,
  ],
  exports: [CODEF_CLIENT],
})
export class CodefModule {}
