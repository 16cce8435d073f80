import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

// Which adapter each port may use, and the rule that production runs none that reaches no one
// (docs/operations/integrations.md, "No sandbox in production"): the validators of
// ALLOW_SANDBOX_ADAPTERS and of the providers' URLs (integrations.config.ts).

/** Adapters of the SMS port (one-time numbers): the sandbox, and SOLAPI (integrations/sms/solapi). */
export const SMS_ADAPTERS = ['sandbox', 'solapi'] as const;
export type SmsAdapterName = (typeof SMS_ADAPTERS)[number];
/** Adapters of the insurance-data port (contracts): the sandbox, and CODEF's credit4u product (integrations/insurance-data/codef). */
export const INSURANCE_DATA_ADAPTERS = ['sandbox', 'codef'] as const;
/** Adapters of the NHIS port (check-ups): the sandbox, and CODEF's NHIS product (integrations/nhis/codef). */
export const NHIS_ADAPTERS = ['sandbox', 'codef'] as const;
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

/** What the rule reads of the configuration. */
type AdapterSettings = Record<AdapterVariable, string> & { NODE_ENV: string; POPBILL_IS_TEST: boolean; CODEF_ENV?: string };

/** Reads ALLOW_SANDBOX_ADAPTERS: `true/false/1/0/yes/no`, else a comma-separated list (left for the validator to check). */
export const EnvSandboxAllowance = () =>
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

export const SandboxAllowanceForm = () =>
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
export const NoSandboxInProduction = () =>
  ValidateBy({
    name: 'noSandboxInProduction',
    validator: {
      validate: (value: unknown, args) => refusedSandboxes(args!.object as AdapterSettings, value).length === 0,
      defaultMessage: (args) => {
        const config = args!.object as AdapterSettings;
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
export const HttpsInProduction = () =>
  ValidateBy({
    name: 'httpsInProduction',
    validator: {
      validate: (value: unknown, args) =>
        (args!.object as { NODE_ENV: string }).NODE_ENV !== 'production' || typeof value !== 'string' || value.startsWith('https://'),
      defaultMessage: () => 'must be an https URL in production',
    },
  });
