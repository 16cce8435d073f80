import {
  InsuranceDataUnavailableError,
  SecondStepError,
  type ContractsLookup,
  type InsuranceDataCustomer,
  type InsuranceDataOptions,
  type InsuranceDataPort,
} from '../insurance-data.port.js';
import { sandboxPortfolio } from './sandbox-portfolio.js';

/** Documented magic inputs (docs/decisions/coverage-analysis.md): the last four digits of the customer's phone. */
export const SANDBOX_MAGIC_PHONE_ENDINGS = {
  /** The source knows no contract of the customer. */
  noContracts: '0001',
  /** The answer comes after SANDBOX_INSURANCE_DELAY_MS. */
  slow: '0002',
  /** The lookup fails (InsuranceDataUnavailableError; the analysis answers 502). */
  failure: '0003',
} as const;

export interface SandboxInsuranceDataOptions {
  /** How long the `slow` magic input waits, in milliseconds. */
  delayMs: number;
}

/** INSURANCE_DATA_ADAPTER=sandbox: made-up, deterministic portfolios (sandboxPortfolio), with failures and delays on request. */
export class SandboxInsuranceDataAdapter implements InsuranceDataPort {
  constructor(private readonly options: SandboxInsuranceDataOptions) {}

  async contractsOf(customer: InsuranceDataCustomer, options: InsuranceDataOptions = {}): Promise<ContractsLookup> {
    options.signal?.throwIfAborted();
    const ending = customer.phone.slice(-4);
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.noContracts) return { contracts: [] };
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.failure) {
      throw new InsuranceDataUnavailableError('The sandbox insurance-data source failed on request (magic phone ending)');
    }
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.slow) await delay(this.options.delayMs, options.signal);
    return { contracts: sandboxPortfolio(customer) };
  }

  async continueLookup(): Promise<ContractsLookup> {
    throw new SecondStepError('EXPIRED', 'The sandbox knows no second step yet');
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
