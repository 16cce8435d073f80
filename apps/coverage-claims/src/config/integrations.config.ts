import { IsBoolean, IsIn, IsInt, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { EnvBool, EnvInt, FileStorageConfig, HTTP_URL } from '#platform';
import {
  CODEF_ENVIRONMENTS,
  CODEF_TOKEN_URL,
  IsCodefPublicKey,
  usesCodef,
  WITH_CODEF,
  type CodefEnvironment,
} from '../integrations/codef/codef-settings.js';
import { usesPopbill } from '../integrations/fax/fax-settings.js';
import { IsSmsServiceName, usesSolapi } from '../integrations/sms/sms-settings.js';
import {
  EnvSandboxAllowance,
  FAX_ADAPTERS,
  HttpsInProduction,
  INSURANCE_DATA_ADAPTERS,
  NHIS_ADAPTERS,
  NoSandboxInProduction,
  SandboxAllowanceForm,
  SMS_ADAPTERS,
  type SandboxAllowance,
  type SmsAdapterName,
} from './adapter-selection.js';

/**
 * The systems outside our walls: which adapter each port uses (adapter-selection.ts), each
 * adapter's settings, checked by the rules of its own folder (integrations/<port>/*-settings.ts),
 * and how long the service waits for them. Extended by CoverageClaimsConfig.
 */
export class IntegrationsConfig extends FileStorageConfig {
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
  @IsSmsServiceName()
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
  @ValidateIf((config: IntegrationsConfig) => config.POPBILL_BASE_URL !== undefined)
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
  @ValidateIf((config: IntegrationsConfig) => config.CODEF_API_URL !== undefined)
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

  /** How long the sandbox fax takes to transmit one page, in ms (0 … 60,000); 0: at once. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  FAX_SANDBOX_MS_PER_PAGE = 1_000;
}
