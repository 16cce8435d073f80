import type { SandboxMessageDto } from '#contracts';
import { SANDBOX_UNDELIVERABLE_SUFFIX } from '../src/integrations/sms/sandbox/sandbox-sms.adapter.js';
import { asOperator, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { smsPortContract } from './support/sms-port-contract.js';

/** The newest message the sandbox kept for `phone`, read as an operator reads it. */
async function newestTo(app: CoverageClaimsTestApp, phone: string): Promise<SandboxMessageDto> {
  const response = await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone, limit: 1 }).expect(200);
  const [message] = (response.body as { data: SandboxMessageDto[] }).data;
  if (!message) throw new Error(`The sandbox kept no message to ${phone}`);
  return message;
}

let refused = 0;

smsPortContract('sandbox', {
  env: () => ({ SMS_ADAPTER: 'sandbox' }),
  textSentTo: async (app, phone) => (await newestTo(app, phone)).text,
  messageIdTo: async (app, phone) => (await newestTo(app, phone)).id,
  // The sandbox's magic input: a number ending in 0000.
  refusedPhone: () => `0109${String((refused += 1)).padStart(3, '0')}${SANDBOX_UNDELIVERABLE_SUFFIX}`,
});
