import { setTimeout as sleep } from 'node:timers/promises';
import {
  INSURANCE_DATA,
  type InsuranceDataCustomer,
  type InsuranceDataPort,
} from '../src/integrations/insurance-data/insurance-data.port.js';
import {
  SANDBOX_MAGIC_PHONE_ENDINGS,
  SANDBOX_MAGIC_SIGN_IN_IDS,
  SANDBOX_SECOND_STEP_CODE,
  SANDBOX_WRONG_PASSWORD,
  sandboxSecureNumberOf,
} from '../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { describeInsuranceDataPortContract } from './support/insurance-data-port-contract.js';

/**
 * The insurance-data port's contract for the sandbox adapter (CODEF's is
 * insurance-data-port.codef.contract.spec.ts): each case provoked with the sandbox's documented
 * magic inputs (docs/decisions/coverage-analysis.md), on the adapter of a booted app.
 */
const APPROVAL_SECONDS = 1;
let app: CoverageClaimsTestApp;

beforeAll(async () => {
  app = await startCoverageClaims({
    env: { SANDBOX_INSURANCE_DELAY_MS: '5000', SANDBOX_INSURANCE_APPROVAL_SECONDS: String(APPROVAL_SECONDS) },
  });
});
afterAll(() => app.close());

let serial = 0;
/** A customer whose phone ends in `ending` (the sandbox's magic), else in digits no magic uses. */
function customer(ending = '5678'): InsuranceDataCustomer {
  serial += 1;
  return { name: '한지우', birthDate: '19870412', gender: 'F', phone: `010${String(1000 + (serial % 9000))}${ending}` };
}
const signIn = (id = 'customer-id', password = 'customer-password') => ({ id, password });

describeInsuranceDataPortContract('sandbox', {
  port: () => app.app.get<InsuranceDataPort>(INSURANCE_DATA),
  withContracts: () => ({ customer: customer(), signIn: signIn() }),
  noContracts: () => ({ customer: customer(SANDBOX_MAGIC_PHONE_ENDINGS.noContracts), signIn: signIn() }),
  failing: () => ({ customer: customer(SANDBOX_MAGIC_PHONE_ENDINGS.failure), signIn: signIn() }),
  slow: () => ({ customer: customer(SANDBOX_MAGIC_PHONE_ENDINGS.slow), signIn: signIn() }),
  wrongSignIn: () => ({ customer: customer(), signIn: signIn('customer-id', SANDBOX_WRONG_PASSWORD) }),
  lockedAccount: () => ({ customer: customer(), signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.locked) }),
  misconfigured: () => ({ customer: customer(), signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.misconfigured) }),
  codeStep: () => ({
    customer: customer(),
    signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.sms),
    right: SANDBOX_SECOND_STEP_CODE,
    wrong: '000000',
  }),
  secureNumberStep: () => ({
    customer: customer(),
    signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.secure),
    digitsOf: (image) => sandboxSecureNumberOf(image) ?? 'unreadable',
  }),
  appApprovalStep: () => ({
    customer: customer(),
    signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.app),
    // The sandbox's customer approves SANDBOX_INSURANCE_APPROVAL_SECONDS after the first call.
    approve: () => sleep(APPROVAL_SECONDS * 1000 + 100),
  }),
  cancelledStep: () => ({ customer: customer(), signIn: signIn(SANDBOX_MAGIC_SIGN_IN_IDS.cancel), cancel: () => undefined }),
});
