import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads environment variables into a validated config class. Property names are the variable names,
 * so an error message always names the variable to fix. Empty strings count as unset.
 */
export function loadConfig<T extends object>(configClass: new () => T, env: NodeJS.ProcessEnv): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const config = plainToInstance(configClass, present, { excludeExtraneousValues: false });
  const errors = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) throw new ConfigError(errors.flatMap(describe));
  // Only declared variables are kept: the config object never carries the rest of the environment.
  const declared = Object.keys(new configClass());
  return Object.assign(new configClass(), Object.fromEntries(declared.map((key) => [key, (config as Record<string, unknown>)[key]])));
}

function describe(error: ValidationError): string[] {
  const messages = Object.values(error.constraints ?? {});
  return messages.map((message) => `${error.property}: ${message.replace(new RegExp(`^${error.property} `), '')}`);
}
