import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { EnvBool, EnvInt, FileStorageConfig, HTTP_URL } from '#platform';
import { CODEF_TOKEN_URL, parseCodefPublicKey, type CodefEnvironment } from '../integrations/codef/codef-client.js';
import { smsBytes } from '../integrations/sms/sms.port.js';

/** Adapters of the SMS port (one-time numbers): the sandbox, and SOLAPI (integrations/sms/solapi). */
export const SMS_ADAPTERS = ['sandbox', 'solapi'] as const;
export type SmsAdapterName = (typeof SMS_ADAPTERS)[number];
/** Adapters of the insurance-data port (contracts): the sandbox, and CODEF's credit4u product (integrations/insurance-data/codef). */
export const INSURANCE_DATA_ADAPTERS = ['sandbox', 'codef'] as const;
/** Adapters of the NHIS port (check-ups): the sandbox, and CODEF's NHIS product (integrations/nhis/codef). */
export const NHIS_ADAPTERS = ['sandbox', 'codef'] as const;
/** CODEF's environments (CODEF_ENV): the sandbox answers fixed samples; demo and production reach real data. */
export const CODEF_ENVIRONMENTS = ['sandbox', 'demo', 'production'] as const satisfies readonly CodefEnvironment[];
/** Adapters of the fax port (claims to insurers): the sandbox, and Popbill (integrations/fax/popbill). */
export const FAX_ADAPTERS = ['sandbox', 'popbill'] as const;

/** The variable naming each outside system's adapter, with the adapters it may name. */
const ADAPTERS_BY_VARIABLE = {
  SMS_ADAPTER: SMS_ADAPTERS,
  FAX_ADAPTER: FAX_ADAPTERS,
  INSURANCE_DATA_ADAPTER: INSURANCE_DATA_ADAPTERS,
  NHIS_ADAPTER: NHIS_ADAPTERS,
} as const;
export type AdapterVariable = keyof typeof ADAPTERS_BY_VARIABLE;
const ADAPTER_VARIABLES = Object.keys(ADAPTERS_BY_VARIABLE) as AdapterVariable[];

/** ALLOW_SANDBOX_ADAPTERS: every sandbox (true), none (false), or the adapter variables whose sandbox is allowed. */
export type SandboxAllowance = boolean | AdapterVariable[];

/** Reads ALLOW_SANDBOX_ADAPTERS: `true/false/1/0/yes/no`, else a comma-separated list (left for the validator to check). */
const EnvSandboxAllowance = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(normalized)) return true;
    if (['false', '0', 'no'].includes(normalized)) return false;
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
  });

const isSandboxAllowance = (value: unknown): value is SandboxAllowance =>
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.length > 0 && value.every((item) => (ADAPTER_VARIABLES as unknown[]).includes(item)));

type AdapterSettings = Pick<CoverageClaimsConfig, 'NODE_ENV' | AdapterVariable | 'POPBILL_IS_TEST' | 'CODEF_ENV'>;

/**
 * Real adapters pointed at a provider's test environment, which reaches no one either: production
 * refuses them as it refuses a sandbox. Each names the setting that says so and the way out.
 */
const TEST_ENVIRONMENTS: ReadonlyArray<{
  variable: AdapterVariable;
  adapter: string;
  selected: (config: AdapterSettings) => boolean;
  described: string;
}> = [
  {
    variable: 'FAX_ADAPTER',
    adapter: 'popbill',
    selected: (config) => config.POPBILL_IS_TEST,
    described: 'POPBILL_IS_TEST=true (Popbill’s test bed, which faxes nothing: set POPBILL_IS_TEST=false)',
  },
  ...(['INSURANCE_DATA_ADAPTER', 'NHIS_ADAPTER'] as const).map((variable) => ({
    variable,
    adapter: 'codef',
    selected: (config: AdapterSettings) => config.CODEF_ENV === 'sandbox',
    described: 'CODEF_ENV=sandbox (CODEF’s sandbox, which answers fixed samples: set CODEF_ENV=production)',
  })),
];

/** The test environment the adapter `variable` names is pointed at, if it is. */
function testEnvironmentOf(config: AdapterSettings, variable: AdapterVariable) {
  return TEST_ENVIRONMENTS.find((test) => test.variable === variable && config[variable] === test.adapter && test.selected(config));
}

/** Whether the adapter `variable` names reaches no one: a sandbox, or a real adapter on its provider's test environment. */
function reachesNoOne(config: AdapterSettings, variable: AdapterVariable): boolean {
  return config[variable] === 'sandbox' || testEnvironmentOf(config, variable) !== undefined;
}

/** The adapter variables that name a sandbox production would refuse: none outside production or when allowed. */
function refusedSandboxes(config: AdapterSettings, allowance: unknown): AdapterVariable[] {
  // A malformed allowance is reported on its own.
  if (config.NODE_ENV !== 'production' || !isSandboxAllowance(allowance) || allowance === true) return [];
  const allowed = allowance === false ? [] : allowance;
  return ADAPTER_VARIABLES.filter((variable) => reachesNoOne(config, variable) && !allowed.includes(variable));
}

const SandboxAllowanceForm = () =>
  ValidateBy({
    name: 'sandboxAllowance',
    validator: {
      validate: isSandboxAllowance,
      defaultMessage: () =>
        `must be true, false, or a comma-separated list of the adapter variables whose sandbox is allowed (${ADAPTER_VARIABLES.join(', ')})`,
    },
  });

/** `SMS_ADAPTER=sandbox (real: solapi)`, `NHIS_ADAPTER=sandbox (no real adapter yet)`. */
function describeSandbox(config: AdapterSettings, variable: AdapterVariable): string {
  const test = testEnvironmentOf(config, variable);
  if (test) return `${variable}=${test.adapter} with ${test.described}`;
  const real = ADAPTERS_BY_VARIABLE[variable].filter((adapter) => adapter !== 'sandbox');
  return `${variable}=sandbox (${real.length > 0 ? `real: ${real.join(', ')}` : 'no real adapter yet'})`;
}

/** In production, no sandbox but those ALLOW_SANDBOX_ADAPTERS allows; the message names them and the way out. */
const NoSandboxInProduction = () =>
  ValidateBy({
    name: 'noSandboxInProduction',
    validator: {
      validate: (value: unknown, args) => refusedSandboxes(args!.object as CoverageClaimsConfig, value).length === 0,
      defaultMessage: (args) => {
        const config = args!.object as CoverageClaimsConfig;
        const refused = refusedSandboxes(config, args!.value);
        return (
          `NODE_ENV=production refuses sandbox adapters, which reach no one: ${refused.map((variable) => describeSandbox(config, variable)).join(', ')}. ` +
          `Select a real adapter, or, where a sandbox is meant, set ALLOW_SANDBOX_ADAPTERS=true ` +
          `(every sandbox) or ALLOW_SANDBOX_ADAPTERS=${refused.join(',')} (these only)`
        );
      },
    },
  });

/**
 * A provider's URL is https in production: what goes there (phones, one-time numbers, tokens, claims)
 * never crosses a network in clear. Elsewhere http too (the tests' local fakes).
 */
const HttpsInProduction = () =>
  ValidateBy({
    name: 'httpsInProduction',
    validator: {
      validate: (value: unknown, args) =>
        (args!.object as CoverageClaimsConfig).NODE_ENV !== 'production' || typeof value !== 'string' || value.startsWith('https://'),
      defaultMessage: () => 'must be an https URL in production',
    },
  });

const usesSolapi = (config: CoverageClaimsConfig) => config.SMS_ADAPTER === 'solapi';
const usesPopbill = (config: CoverageClaimsConfig) => config.FAX_ADAPTER === 'popbill';
/** Whether an adapter uses CODEF (then the service holds one CODEF client: integrations/codef). */
export const usesCodef = (config: Pick<CoverageClaimsConfig, 'INSURANCE_DATA_ADAPTER' | 'NHIS_ADAPTER'>) =>
  config.INSURANCE_DATA_ADAPTER === 'codef' || config.NHIS_ADAPTER === 'codef';
const WITH_CODEF = 'required with INSURANCE_DATA_ADAPTER=codef or NHIS_ADAPTER=codef';

/** An RSA public key as CODEF shows an account's (base64 of its DER SubjectPublicKeyInfo) or PEM. */
const IsCodefPublicKey = () =>
  ValidateBy({
    name: 'isCodefPublicKey',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return false;
        try {
          parseCodefPublicKey(value);
          return true;
        } catch {
          return false;
        }
      },
      defaultMessage: () => `must be the RSA public key CODEF shows for the account (base64, or PEM) (${WITH_CODEF})`,
    },
  });

/**
 * DATA_ENCRYPTION_KEYS, DATA_ENCRYPTION_KEY_ID and LOOKUP_HASH_KEY (organisations' SSO secrets,
 * planners' CI and customers' personal data at rest) come from FieldEncryptionConfig, the storage
 * variables of claims' evidence files (STORAGE_DRIVER, FILE_UPLOAD_*, PUBLIC_BASE_URL, S3_*) from
 * FileStorageConfig. Evidence has no CDN URL: it is only ever read through signed URLs that expire.
 */
export class CoverageClaimsConfig extends FileStorageConfig {
  override PORT = 3000;

  override METRICS_PORT = 9464;

  override EMBEDDED_DATABASE_PORT = 54320;

  override RATE_LIMIT_REDIS_PREFIX = 'rate-limit:coverage-claims:';

  /**
   * How often the removal of stored objects (an erased customer's evidence) looks for due work, in ms
   * (10 … 600,000); a deletion committed in this process wakes it at once.
   */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(600_000)
  STORAGE_DELETION_POLL_MS = 30_000;

  /** Wait before retrying a removal storage refused, in ms (10 … 3,600,000); it doubles with each failure, up to an hour. */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  STORAGE_DELETION_RETRY_BASE_MS = 60_000;

  /** Requests one planner may make in a window of RATE_LIMIT_WINDOW_SECONDS, whichever token they use (policy `planner`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PLANNER = 300;

  /** Sign-in requests (the SSO redirect and token issue) one client address may make in a window (policy `sign-in`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SIGN_IN = 30;

  /** One-time-number requests (each sends an SMS) one planner may make in RATE_LIMIT_SMS_WINDOW_SECONDS (policy `sms-planner`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SMS_PLANNER = 30;

  /** One-time-number requests all planners of one organisation may make in RATE_LIMIT_SMS_WINDOW_SECONDS (policy `sms-organisation`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SMS_ORGANISATION = 500;

  /** The window of the SMS limits, in seconds (60 … 86,400). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(86_400)
  RATE_LIMIT_SMS_WINDOW_SECONDS = 3600;

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

  /** Lifetime of access tokens, in seconds (1 minute … 1 hour). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(3600)
  ACCESS_TOKEN_TTL_SECONDS = 900;

  /** How long a refresh token stays usable, in seconds (5 minutes … 90 days); each refresh starts a new one. */
  @EnvInt()
  @IsInt()
  @Min(300)
  @Max(7_776_000)
  REFRESH_TOKEN_TTL_SECONDS = 1_209_600;

  /**
   * How long one sign-in lasts at most, in seconds (1 hour … 1 year), however often its refresh
   * token is rotated: then the planner signs in again. Its refresh tokens never outlive it.
   */
  @EnvInt()
  @IsInt()
  @Min(3600)
  @Max(31_536_000)
  SIGN_IN_LIFETIME_SECONDS = 2_592_000;

  /** The `aud` SSO assertions must carry. */
  @IsString()
  @MinLength(1)
  SSO_AUDIENCE = 'coverage-claims-sso';

  /**
   * Which SMS adapter sends one-time numbers. `sandbox` delivers nothing: it keeps the messages for
   * operators (`GET /api/v1/admin/sandbox/messages`) and fails the documented magic numbers.
   */
  @IsIn(SMS_ADAPTERS)
  SMS_ADAPTER: SmsAdapterName = 'sandbox';

  /**
   * With NODE_ENV=production the service refuses to start on a sandbox adapter (SMS_ADAPTER, FAX_ADAPTER,
   * INSURANCE_DATA_ADAPTER, NHIS_ADAPTER): a sandbox sends nothing to anyone and makes its data up.
   * `true` allows every sandbox (the dev overlay, the local compose stack); a comma-separated list of
   * those variables allows their sandboxes only (docs/operations/integrations.md, "No sandbox in production").
   */
  @EnvSandboxAllowance()
  @SandboxAllowanceForm()
  @NoSandboxInProduction()
  ALLOW_SANDBOX_ADAPTERS: SandboxAllowance = false;

  /** SOLAPI's API key (SMS_ADAPTER=solapi; from the Secret). */
  @ValidateIf(usesSolapi)
  @IsString({ message: 'is required with SMS_ADAPTER=solapi' })
  @MinLength(1, { message: 'is required with SMS_ADAPTER=solapi' })
  SOLAPI_API_KEY?: string;

  /** SOLAPI's API secret, which signs every request (SMS_ADAPTER=solapi; from the Secret). */
  @ValidateIf(usesSolapi)
  @IsString({ message: 'is required with SMS_ADAPTER=solapi' })
  @MinLength(1, { message: 'is required with SMS_ADAPTER=solapi' })
  SOLAPI_API_SECRET?: string;

  /** The sender number registered with the SOLAPI account (digits), from which one-time numbers go. */
  @ValidateIf(usesSolapi)
  @Matches(/^\d{8,12}$/, { message: 'must be the digits of a sender number registered with SOLAPI (required with SMS_ADAPTER=solapi)' })
  SOLAPI_SENDER?: string;

  /** SOLAPI's API base URL (tests point it at a local fake); https in production. */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @HttpsInProduction()
  SOLAPI_BASE_URL = 'https://api.solapi.com';

  /** How long a send waits for SOLAPI, in ms (1,000 … 30,000); past it the request is 502 SMS_DELIVERY_FAILED, not retried. */
  @EnvInt()
  @IsInt()
  @Min(1_000)
  @Max(30_000)
  SOLAPI_TIMEOUT_MS = 10_000;

  /**
   * The service's name at the head of every one-time-number text (`[보장분석] …`): 1 to 10 characters
   * an SMS carries (printable ASCII, 2-byte Korean of EUC-KR's 완성형), no brackets or line breaks,
   * so that the text stays within one SMS (90 bytes; verification-rules.ts).
   */
  @IsString()
  @ValidateBy({
    name: 'isSmsServiceName',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && /^[^\r\n[\]]{1,10}$/u.test(value) && value.trim() === value && smsBytes(value) !== null,
      defaultMessage: () =>
        'must be 1 to 10 characters an SMS carries (printable ASCII, Korean of EUC-KR 완성형), without brackets, line breaks or surrounding spaces',
    },
  })
  SMS_SERVICE_NAME = '보장분석';
  /** Where customers' insurance contracts come from (docs/decisions/coverage-analysis.md): `sandbox`, or `codef` (CODEF_*). */
  @IsIn(INSURANCE_DATA_ADAPTERS)
  INSURANCE_DATA_ADAPTER: (typeof INSURANCE_DATA_ADAPTERS)[number] = 'sandbox';

  /** How long the sandbox insurance-data source takes to answer for its slow magic input (phone ending 0002), in ms; 0: at once. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  SANDBOX_INSURANCE_DELAY_MS = 3_000;

  /** After how many seconds the sandbox insurance-data source counts an app approval (credit4u id `sandbox-app`) as given (0 … 300). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(300)
  SANDBOX_INSURANCE_APPROVAL_SECONDS = 3;

  /**
   * How long the analysis (and its follow-up) waits for the insurance-data source, in ms (100 …
   * 300,000); past it the lookup is aborted and the analysis answers 504 INSURANCE_DATA_TIMEOUT.
   * CODEF's first call waits up to 170 s for the customer, so with INSURANCE_DATA_ADAPTER=codef it
   * must be at least 180,000 (that wait and 10 s for the round trip) and more than CODEF_TIMEOUT_MS.
   */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(300_000)
  @ValidateBy({
    name: 'coversCodefFirstStep',
    validator: {
      validate: (value: unknown, args) => {
        const config = args?.object as { INSURANCE_DATA_ADAPTER?: string; CODEF_TIMEOUT_MS?: unknown };
        if (config.INSURANCE_DATA_ADAPTER !== 'codef') return true;
        // Outwait one CODEF call too, or the analysis' timer and the client's race for the same moment.
        const codef = typeof config.CODEF_TIMEOUT_MS === 'number' ? config.CODEF_TIMEOUT_MS : 0;
        return typeof value === 'number' && value >= 180_000 && value > codef;
      },
      defaultMessage: () =>
        'must be at least 180000 and more than CODEF_TIMEOUT_MS with INSURANCE_DATA_ADAPTER=codef: CODEF’s first call waits up to 170 s for the customer before it answers',
    },
  })
  INSURANCE_DATA_TIMEOUT_MS = 10_000;

  /** Where simple authentication and check-ups come from (docs/decisions/medical-coverage.md): `sandbox`, or `codef` (CODEF_*). */
  @IsIn(NHIS_ADAPTERS)
  NHIS_ADAPTER: (typeof NHIS_ADAPTERS)[number] = 'sandbox';

  /** After how many seconds the sandbox NHIS counts a simple authentication as approved by the customer (0 … 300). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(300)
  NHIS_SANDBOX_APPROVAL_SECONDS = 3;

  /**
   * Which fax adapter sends claims to insurers (docs/decisions/claims.md, "Delivery"). `sandbox` sends nothing:
   * it takes FAX_SANDBOX_MS_PER_PAGE per page and fails the documented magic numbers.
   */
  @IsIn(FAX_ADAPTERS)
  FAX_ADAPTER: (typeof FAX_ADAPTERS)[number] = 'sandbox';

  /** The LinkID Popbill issued to this service (FAX_ADAPTER=popbill; from the Secret). */
  @ValidateIf(usesPopbill)
  @IsString({ message: 'is required with FAX_ADAPTER=popbill' })
  @MinLength(1, { message: 'is required with FAX_ADAPTER=popbill' })
  POPBILL_LINK_ID?: string;

  /** Popbill's SecretKey (base64), which signs the token requests (FAX_ADAPTER=popbill; from the Secret). */
  @ValidateIf(usesPopbill)
  @Matches(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be the base64 SecretKey Popbill issued (required with FAX_ADAPTER=popbill)' })
  POPBILL_SECRET_KEY?: string;

  /** The Popbill member's business registration number (10 digits) that sends the faxes. */
  @ValidateIf(usesPopbill)
  @Matches(/^\d{10}$/, { message: 'must be the 10 digits of the Popbill member’s business number (required with FAX_ADAPTER=popbill)' })
  POPBILL_CORP_NUM?: string;

  /** The fax sender number registered with Popbill (digits). */
  @ValidateIf(usesPopbill)
  @Matches(/^\d{8,12}$/, {
    message: 'must be the digits of a fax sender number registered with Popbill (required with FAX_ADAPTER=popbill)',
  })
  POPBILL_SENDER_NUM?: string;

  /** The sender's name on the fax (Popbill's SenderName). */
  @IsString()
  @MinLength(1)
  POPBILL_SENDER_NAME = '보험금청구';

  /** Popbill's test bed (true, the default: nothing is really faxed) or production (false). */
  @EnvBool()
  @IsBoolean()
  POPBILL_IS_TEST = true;

  /** Popbill's API base URL; unset: the test bed's or production's, after POPBILL_IS_TEST (tests point it at a local fake); https in production. */
  @ValidateIf((config: CoverageClaimsConfig) => config.POPBILL_BASE_URL !== undefined)
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @HttpsInProduction()
  POPBILL_BASE_URL?: string;

  /** LinkHub's token service, which Popbill's tokens come from (tests point it at a local fake); https in production. */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @HttpsInProduction()
  POPBILL_AUTH_URL = 'https://auth.linkhub.co.kr';

  /** How long one call to Popbill may take, in ms (1,000 … 180,000). */
  @EnvInt()
  @IsInt()
  @Min(1_000)
  @Max(180_000)
  POPBILL_TIMEOUT_MS = 60_000;

  /**
   * CODEF's environment (INSURANCE_DATA_ADAPTER=codef or NHIS_ADAPTER=codef): `sandbox` (fixed samples,
   * no second step; production refuses it unless allowed), `demo` (development.codef.io: real data, a
   * small quota) or `production` (api.codef.io). The keys are the environment's.
   */
  @ValidateIf(usesCodef)
  @IsIn(CODEF_ENVIRONMENTS, { message: `must be sandbox, demo or production (${WITH_CODEF})` })
  CODEF_ENV?: CodefEnvironment;

  /** The client id of the CODEF account, for its OAuth tokens (from the Secret). */
  @ValidateIf(usesCodef)
  @Matches(/^\S+$/, { message: `is ${WITH_CODEF}` })
  CODEF_CLIENT_ID?: string;

  /** The client secret of the CODEF account (from the Secret). */
  @ValidateIf(usesCodef)
  @Matches(/^\S+$/, { message: `is ${WITH_CODEF}` })
  CODEF_CLIENT_SECRET?: string;

  /** The CODEF account's RSA public key, which encrypts the customers' passwords for CODEF (from the Secret). */
  @ValidateIf(usesCodef)
  @IsCodefPublicKey()
  CODEF_PUBLIC_KEY?: string;

  /** CODEF's API; unset: CODEF_ENV's (tests point it at a local fake); https in production. */
  @ValidateIf((config: CoverageClaimsConfig) => config.CODEF_API_URL !== undefined)
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @HttpsInProduction()
  CODEF_API_URL?: string;

  /** CODEF's OAuth token service (tests point it at a local fake); https in production. */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @HttpsInProduction()
  CODEF_TOKEN_URL = CODEF_TOKEN_URL;

  /**
   * How long one CODEF call may take, in ms (10,000 … 300,000). CODEF's first call blocks while the
   * institution waits for the customer (up to the 170 s the contracts' `timeout` parameter allows): the
   * default leaves CODEF 10 s past that to answer itself.
   */
  @EnvInt()
  @IsInt()
  @Min(10_000)
  @Max(300_000)
  CODEF_TIMEOUT_MS = 180_000;

  /**
   * How long after a fax was handed to the gateway its result is first checked, and then between two
   * checks, in ms (10 … 600,000). The worker's slot is free meanwhile.
   */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(600_000)
  CLAIM_DELIVERY_RESULT_POLL_MS = 5_000;

  /**
   * How long a fax the gateway accepted may stay without a final result, in hours (1 … 168); then the
   * claim is FAILED (RESULT_UNKNOWN) and not sent again, since it may have arrived.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(168)
  CLAIM_DELIVERY_RESULT_MAX_WAIT_HOURS = 24;

  /** How long the sandbox fax takes to transmit one page, in ms (0 … 60,000); 0: at once. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  FAX_SANDBOX_MS_PER_PAGE = 1_000;

  /** Whether this process delivers filed claims (the outbox worker); replicas share the work. */
  @EnvBool()
  @IsBoolean()
  CLAIM_DELIVERY_ENABLED = true;

  /** How many claims this process renders and faxes at once (1 … 16). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(16)
  CLAIM_DELIVERY_WORKERS = 2;

  /** How often an idle worker looks for claims due, in ms (10 … 60,000); a claim filed in this process wakes it at once. */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(60_000)
  CLAIM_DELIVERY_POLL_MS = 2_000;

  /** Attempts at faxing a claim before it is given up as FAILED (1 … 20). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(20)
  CLAIM_DELIVERY_MAX_ATTEMPTS = 5;

  /** Wait before the second attempt, in ms (0 … 3,600,000); it doubles with each attempt, up to an hour. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  CLAIM_DELIVERY_RETRY_BASE_MS = 60_000;

  /**
   * How long one take may work on a claim (reading the files, rendering, handing the fax to the
   * gateway), in seconds (1 … 3,600). Past it, work not yet handed over is aborted and the attempt
   * counts as failed (retryable); a hand-over cut off is unconfirmed, and its result is checked. A
   * worker holds its claim by a lease a minute longer, so a crashed worker's claim is taken up again
   * after it.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(3_600)
  CLAIM_DELIVERY_TIMEOUT_SECONDS = 600;

  /**
   * The most resident memory the process may have while it renders a claim's fax, in MiB (128 …
   * 65,536); past it the render thread is stopped and the attempt fails (RENDER_FAILED, retryable).
   * 64 MiB below the container's memory limit (512Mi): the watchdog samples every 10 ms and a thread
   * finishes a native copy before it stops (up to 45 MiB past the limit, measured).
   */
  @EnvInt()
  @IsInt()
  @Min(128)
  @Max(65_536)
  CLAIM_DELIVERY_RENDER_MAX_RSS_MB = 448;

  /** How long a claim's render may take, in seconds (1 … 600); then its thread is stopped (RENDER_FAILED, retryable). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(600)
  CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS = 60;

  /**
   * How long a stopping process lets claim deliveries in flight finish, in ms (0 … 60,000), before it
   * cuts them off: an attempt not yet handed to the gateway is released uncounted for another replica;
   * a fax handed over goes on at the gateway, and the next take checks its result. Keep it within
   * SHUTDOWN_TIMEOUT_MS less the drain.
   */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  CLAIM_DELIVERY_SHUTDOWN_WAIT_MS = 10_000;
}
