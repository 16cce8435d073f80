import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateBy } from 'class-validator';
import { EnvBool, EnvInt, EnvList } from './config-helpers.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Long enough for load balancers to notice the readiness probe; short enough for Ctrl-C in development. */
const DEFAULT_DRAIN_MS = { production: 5_000, other: 1_000 };

/** The drain window of `config`: SHUTDOWN_DRAIN_MS, or its default for NODE_ENV. */
export function shutdownDrainMs(config: Pick<ServiceConfig, 'NODE_ENV' | 'SHUTDOWN_DRAIN_MS'>): number {
  return config.SHUTDOWN_DRAIN_MS ?? (config.NODE_ENV === 'production' ? DEFAULT_DRAIN_MS.production : DEFAULT_DRAIN_MS.other);
}

/** The drain is part of the shutdown's time, so the timeout must leave room after it. */
const LongerThanDrain = () =>
  ValidateBy({
    name: 'longerThanDrain',
    validator: {
      validate: (value: unknown, args) => {
        const drainMs: unknown = shutdownDrainMs(args?.object as ServiceConfig);
        // An invalid SHUTDOWN_DRAIN_MS is reported on its own.
        return typeof drainMs !== 'number' || (typeof value === 'number' && value > drainMs);
      },
      defaultMessage: (args) => `must be longer than the drain (SHUTDOWN_DRAIN_MS, here ${shutdownDrainMs(args?.object as ServiceConfig)})`,
    },
  });

/**
 * Variables every service reads. Each app extends this class with its own; `.env.example` in each app
 * lists them all. Defaults are chosen so that a fresh machine needs nothing set.
 */
export class ServiceConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * Port of the Prometheus endpoint (`GET /metrics` on HOST), apart from the API port so that the
   * Ingress, which routes the API port, never exposes it. 0 picks a free port.
   */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** PostgreSQL connection string. Unset: an embedded PostgreSQL is started with data under DATA_DIR. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// or postgresql:// connection string' })
  DATABASE_URL?: string;

  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** Whether to apply pending migrations at start-up (under an advisory lock). */
  @EnvBool()
  @IsBoolean()
  MIGRATIONS_RUN = true;

  /** Port of the embedded PostgreSQL, used only when DATABASE_URL is unset. */
  @EnvInt()
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_DATABASE_PORT = 54320;

  /** Directory for local state (embedded database, local file storage). */
  @IsString()
  DATA_DIR = '.data';

  /**
   * How long the whole shutdown may take, from SIGTERM to exit: the drain (SHUTDOWN_DRAIN_MS), then
   * the requests in flight. Beyond it the process exits 1.
   */
  @EnvInt()
  @IsInt()
  @LongerThanDrain()
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /**
   * How long the service keeps serving after SIGTERM, readiness 503 and every response closing its
   * connection, before it closes its listener. Unset: `shutdownDrainMs` (5 s in production, 1 s elsewhere).
   */
  @IsOptional()
  @EnvInt()
  @IsInt()
  @Min(0)
  SHUTDOWN_DRAIN_MS?: number;

  @EnvInt()
  @IsInt()
  @Min(1024)
  BODY_LIMIT_BYTES = 1_048_576;

  /**
   * How long a claimed Idempotency-Key whose renewals stopped (its request renews it every third of
   * this while it runs) waits before a repeat with the same key and request may take it over
   * (docs/decisions/idempotency.md), and the Retry-After of a 503
   * DATABASE_UNAVAILABLE: a request cut off by a database outage leaves its key unanswered, and the
   * retry after this many seconds takes the key.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(600)
  IDEMPOTENCY_LEASE_SECONDS = 10;

  /**
   * The operator console's build for this service, served at /console/ (docs/console.md). Unset: the
   * build beside the code (dist/console/<service>); `off`: no console on this replica.
   */
  @IsOptional()
  @IsString()
  @MinLength(1)
  CONSOLE_DIR?: string;

  /**
   * Origins other than the service's own that the console may show evidence files from (its
   * Content-Security-Policy's img-src, frame-src and connect-src), comma-separated: the object
   * storage's origin when files are in S3 (signed GET URLs point there). Empty: this origin only.
   */
  @EnvList()
  @Matches(/^https?:\/\/[^/\s'";]+$/, { each: true, message: 'must be origins (scheme://host[:port], no path)' })
  CONSOLE_MEDIA_ORIGINS: string[] = [];

  /** Origins allowed by CORS (comma-separated). Empty: no cross-origin access. */
  @EnvList()
  @IsString({ each: true })
  CORS_ORIGINS: string[] = [];

  /**
   * How many reverse proxies (Ingress, compose's nginx) stand in front of the service. The client's
   * address, which per-address rate limits count by, is the one the outermost of them saw: the
   * X-Forwarded-For entry this many hops back. 0: the connection's own address (nothing in front).
   * A client can write anything into X-Forwarded-For, so never more hops than there are proxies.
   */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(10)
  TRUSTED_PROXY_HOPS = 0;

  /**
   * Redis that keeps the rate-limit counters, shared by every replica (`redis://` or `rediss://`).
   * Unset: each process counts in its own memory, which is right for a single process only.
   */
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Prefix of the counters' Redis keys (each service has its own; a Redis shared with others keeps them apart). */
  @IsString()
  @MinLength(1)
  RATE_LIMIT_REDIS_PREFIX = 'rate-limit:service:';

  /** The window of the per-minute limits below, in seconds (1 … 3,600). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(3600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Requests one client address may make in a window, whatever it presents (policy `ip`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_IP = 1200;

  /** Requests one operator key may make in a window (policy `operator`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_OPERATOR = 600;

  /** Uploads to local upload URLs one client address may make in a window (policy `upload`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_UPLOAD = 120;

  /**
   * How long access records (접속기록) are kept, in days: the retention sweep removes older ones. At
   * least 365 (the safeguards notice's floor; 730, two years, where the notice asks for two, the
   * default); the database refuses to delete a record younger than 365 days whatever this says.
   */
  @EnvInt()
  @IsInt()
  @Min(365)
  @Max(3650)
  ACCESS_RECORD_RETENTION_DAYS = 730;

  /** How often appended access records are chained (hashed in order), in ms. */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(600_000)
  ACCESS_RECORD_SEAL_INTERVAL_MS = 5_000;

  /**
   * The monthly review lists an actor that handled more than this many distinct data subjects in one
   * day (Korean time).
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  ACCESS_RECORD_REVIEW_SUBJECTS_PER_DAY = 1000;

  /**
   * Working hours in Korean time (Asia/Seoul), `HH-HH` (start hour inclusive, end hour exclusive),
   * Monday to Friday: the monthly review lists access outside them (and on weekends).
   */
  @Matches(/^([01]\d|2[0-3])-([01]\d|2[0-4])$/, { message: 'must be HH-HH (08-20)' })
  ACCESS_RECORD_WORKING_HOURS = '08-20';

  /**
   * Operator keys from the environment (comma-separated, each at least 32 characters), sent in
   * `X-API-Key` to the operator API: how a fresh install creates its first partners or
   * organisations. Empty: no operator key but those a service issues itself.
   */
  @EnvList()
  @IsString({ each: true })
  @MinLength(32, { each: true, message: 'each key must be at least 32 characters long' })
  OPERATOR_API_KEYS: string[] = [];
}
