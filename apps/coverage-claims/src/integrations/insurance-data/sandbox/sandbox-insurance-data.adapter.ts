import { randomInt } from 'node:crypto';
import {
  InsuranceDataMisconfiguredError,
  InsuranceDataUnavailableError,
  InsuranceSignInError,
  SecondStepError,
  SecondStepMethod,
  type ContractsLookup,
  type InsuranceDataCustomer,
  type InsuranceDataOptions,
  type InsuranceDataPort,
  type SecondStepAnswer,
} from '../insurance-data.port.js';
import { sandboxInquiryDate } from './sandbox-dates.js';
import { sandboxPortfolio } from './sandbox-portfolio.js';
import { sandboxShowcasePortfolio } from './sandbox-showcase.js';

/** Documented magic inputs (docs/decisions/coverage-analysis.md): the last four digits of the customer's phone. */
export const SANDBOX_MAGIC_PHONE_ENDINGS = {
  /** The source knows no contract of the customer. */
  noContracts: '0001',
  /** The answer comes after SANDBOX_INSURANCE_DELAY_MS. */
  slow: '0002',
  /** The lookup fails (InsuranceDataUnavailableError; the analysis answers 502). */
  failure: '0003',
  /**
   * The showcase portfolio (sandboxShowcasePortfolio): duplicate 실손, 갱신형 riders, riders ending
   * before their contract, a paid-up, a pension, a savings and a lapsed contract.
   */
  showcase: '0004',
} as const;

/**
 * Documented magic sign-ins (docs/decisions/coverage-analysis.md): the credit4u id picks a second step
 * or a refusal; any other id answers in one call, as without a sign-in. The phone's magic endings
 * still decide the contracts once a second step is passed.
 */
export const SANDBOX_MAGIC_SIGN_IN_IDS = {
  /** A code "sent by SMS": SANDBOX_SECOND_STEP_CODE is right, any other is a wrong answer (same step). */
  sms: 'sandbox-sms',
  /** A code "sent by e-mail", as sms. */
  email: 'sandbox-email',
  /** The digits of an image (an SVG data URL): right gives the contracts, wrong a new image (a new step). */
  secure: 'sandbox-secure',
  /** An approval in the customer's app: pending until SANDBOX_INSURANCE_APPROVAL_SECONDS have passed. */
  app: 'sandbox-app',
  /** An app approval the customer cancels: the follow-up fails with CANCELLED. */
  cancel: 'sandbox-cancel',
  /** The customer's account is locked at the source (InsuranceSignInError LOCKED). */
  locked: 'sandbox-locked',
  /** Our account with the source is set up wrong (InsuranceDataMisconfiguredError). */
  misconfigured: 'sandbox-misconfigured',
} as const;

/** A password the sandbox refuses (InsuranceSignInError WRONG), with any id. */
export const SANDBOX_WRONG_PASSWORD = 'wrong';

/** The right answer of the sandbox's SMS and e-mail codes. */
export const SANDBOX_SECOND_STEP_CODE = '123456';

/** How long the sandbox's second step lasts from the first call, as CODEF's two-way session does. */
export const SANDBOX_SECOND_STEP_SECONDS = 270;

type StepKind = 'sms' | 'email' | 'secure' | 'app' | 'cancel';

const STEP_OF_ID: Readonly<Record<string, StepKind>> = {
  [SANDBOX_MAGIC_SIGN_IN_IDS.sms]: 'sms',
  [SANDBOX_MAGIC_SIGN_IN_IDS.email]: 'email',
  [SANDBOX_MAGIC_SIGN_IN_IDS.secure]: 'secure',
  [SANDBOX_MAGIC_SIGN_IN_IDS.app]: 'app',
  [SANDBOX_MAGIC_SIGN_IN_IDS.cancel]: 'cancel',
};

const METHOD_OF_STEP: Readonly<Record<StepKind, SecondStepMethod>> = {
  sms: SecondStepMethod.SmsCode,
  email: SecondStepMethod.EmailCode,
  secure: SecondStepMethod.SecureNumber,
  app: SecondStepMethod.AppApproval,
  cancel: SecondStepMethod.AppApproval,
};

/** `sandbox-insurance/v1:<step>:<first call, epoch ms>:<the digits of a secure number, or empty>` */
const REFERENCE = /^sandbox-insurance\/v1:(sms|email|secure|app|cancel):(\d{13}):(\d{0,6})$/;

export interface SandboxInsuranceDataOptions {
  /** How long the `slow` magic input waits, in milliseconds. */
  delayMs: number;
  /** After how many seconds the customer "approves" an app approval (SANDBOX_INSURANCE_APPROVAL_SECONDS; default 3). */
  approvalSeconds?: number;
  /** The sandbox's own clock (the outside system's, not the database's): its day in Korea dates the portfolios. */
  now?: () => number;
}

/**
 * INSURANCE_DATA_ADAPTER=sandbox: made-up portfolios (sandboxPortfolio), deterministic for a customer
 * and the day asked (the inquiry date: its clock's day in Korea), with failures, delays, sign-in
 * refusals and second steps on request. Keeps no state: a second step's reference
 * says which step it is, when it began and (for a secure number) its digits, so any replica answers
 * the follow-up alike. The reference never holds the sign-in.
 */
export class SandboxInsuranceDataAdapter implements InsuranceDataPort {
  private readonly now: () => number;
  private readonly approvalSeconds: number;

  constructor(private readonly options: SandboxInsuranceDataOptions) {
    this.now = options.now ?? Date.now;
    this.approvalSeconds = options.approvalSeconds ?? 3;
  }

  async contractsOf(customer: InsuranceDataCustomer, options: InsuranceDataOptions = {}): Promise<ContractsLookup> {
    options.signal?.throwIfAborted();
    const { signIn } = options;
    // Without a sign-in, as before the sign-in existed: every phone answers as it always did.
    if (!signIn) return this.lookup(customer, options);
    checkSignIn(signIn);
    const step = STEP_OF_ID[signIn.id];
    if (!step) return this.lookup(customer, options);
    return this.secondStep(step, this.now());
  }

  async continueLookup(
    customer: InsuranceDataCustomer,
    reference: string,
    answer: SecondStepAnswer,
    options: InsuranceDataOptions = {},
  ): Promise<ContractsLookup> {
    options.signal?.throwIfAborted();
    const match = REFERENCE.exec(reference);
    // A reference another adapter issued (the adapter was switched meanwhile): the sandbox knows no such step.
    if (!match) throw new SecondStepError('EXPIRED', 'The sandbox insurance-data source knows no such second step');
    const [, step, began, digits] = match as unknown as [string, StepKind, string, string];
    const startedAt = Number(began);
    if (!options.signIn) throw new InsuranceSignInError('MISSING', 'The follow-up needs the customer’s sign-in again');
    checkSignIn(options.signIn);
    if (this.now() >= startedAt + SANDBOX_SECOND_STEP_SECONDS * 1000) {
      throw new SecondStepError('EXPIRED', 'The sandbox’s second step has expired');
    }
    switch (step) {
      case 'sms':
      case 'email':
        if (answer.code !== SANDBOX_SECOND_STEP_CODE) throw new SecondStepError('WRONG_ANSWER', 'The code is not the one sent');
        return this.lookup(customer, options);
      case 'secure':
        // As CODEF does, a wrong secure number is answered with a new image.
        if (answer.code !== digits) return this.secondStep('secure', startedAt);
        return this.lookup(customer, options);
      case 'app':
        if (this.now() < startedAt + this.approvalSeconds * 1000) {
          throw new SecondStepError('PENDING', 'The customer has not approved in their app yet');
        }
        return this.lookup(customer, options);
      case 'cancel':
        throw new SecondStepError('CANCELLED', 'The customer cancelled in their app');
    }
  }

  private secondStep(step: StepKind, startedAt: number): ContractsLookup {
    const digits = step === 'secure' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : '';
    return {
      secondStep: {
        method: METHOD_OF_STEP[step],
        ...(step === 'secure' && { image: sandboxSecureNumberImage(digits) }),
        reference: `sandbox-insurance/v1:${step}:${startedAt}:${digits}`,
      },
    };
  }

  /** The one-call answer: the phone's magic endings, else the customer's portfolio dated from the day it answers. */
  private async lookup(customer: InsuranceDataCustomer, options: InsuranceDataOptions): Promise<ContractsLookup> {
    const ending = customer.phone.slice(-4);
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.noContracts) return { contracts: [] };
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.failure) {
      throw new InsuranceDataUnavailableError('The sandbox insurance-data source failed on request (magic phone ending)');
    }
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.slow) await delay(this.options.delayMs, options.signal);
    const inquiryDate = sandboxInquiryDate(this.now());
    if (ending === SANDBOX_MAGIC_PHONE_ENDINGS.showcase) return { contracts: sandboxShowcasePortfolio(customer, inquiryDate) };
    return { contracts: sandboxPortfolio(customer, inquiryDate) };
  }
}

function checkSignIn(signIn: { id: string; password: string }): void {
  if (signIn.password === SANDBOX_WRONG_PASSWORD)
    throw new InsuranceSignInError('WRONG', 'The sandbox refuses this password (magic password)');
  if (signIn.id === SANDBOX_MAGIC_SIGN_IN_IDS.locked) throw new InsuranceSignInError('LOCKED', 'The account is locked (magic sign-in id)');
  if (signIn.id === SANDBOX_MAGIC_SIGN_IN_IDS.misconfigured) {
    throw new InsuranceDataMisconfiguredError('The sandbox plays a misconfigured account (magic sign-in id)');
  }
}

const SECURE_NUMBER_IMAGE = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The secure-number image: an SVG with the digits as text, as a data URL an `<img>` shows. */
export function sandboxSecureNumberImage(digits: string): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
    '<rect width="160" height="48" fill="#eef1f4"/><path d="M0 30 C40 10 80 44 160 18" stroke="#9aa5b1" fill="none"/>' +
    `<text x="80" y="33" font-family="monospace" font-size="26" letter-spacing="4" text-anchor="middle" fill="#1f2933">${digits}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The digits a sandbox secure-number image shows (for tests and contract suites); null for any other image. */
export function sandboxSecureNumberOf(image: string): string | null {
  const match = SECURE_NUMBER_IMAGE.exec(image);
  if (!match) return null;
  return />(\d+)<\/text>/.exec(Buffer.from(match[1]!, 'base64').toString('utf8'))?.[1] ?? null;
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
