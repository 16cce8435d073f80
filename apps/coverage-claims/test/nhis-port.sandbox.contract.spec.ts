import { koreaDate } from '../src/common/calendar.js';
import { sandboxCheckups } from '../src/integrations/nhis/sandbox/sandbox-checkups.js';
import { SANDBOX_NHIS_PHONE_ENDINGS } from '../src/integrations/nhis/sandbox/sandbox-nhis.adapter.js';
import { verificationBody } from './support/coverage-claims.js';
import { nhisPortContract } from './support/nhis-port-contract.js';

const APPROVAL_SECONDS = 1;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let magic = 0;
/** A fresh phone with one of the sandbox's magic endings (docs/decisions/medical-coverage.md). */
const magicPhone = (ending: string) => `0109${String(process.pid % 100).padStart(2, '0')}${String((magic += 1) % 10)}${ending}`;

nhisPortContract('sandbox', {
  env: () => ({ NHIS_ADAPTER: 'sandbox', NHIS_SANDBOX_APPROVAL_SECONDS: String(APPROVAL_SECONDS) }),
  customer: (fate) => {
    switch (fate) {
      case 'approves':
        return verificationBody();
      case 'refuses':
        return verificationBody({ phone: magicPhone(SANDBOX_NHIS_PHONE_ENDINGS.refused) });
      case 'down':
        return verificationBody({ phone: magicPhone(SANDBOX_NHIS_PHONE_ENDINGS.unavailable) });
    }
  },
  // The sandbox's customer approves (or refuses) NHIS_SANDBOX_APPROVAL_SECONDS after the request.
  approve: () => sleep(APPROVAL_SECONDS * 1000 + 50),
  // The sandbox keeps no clock of its own for this: the request is moved back past its 270 s.
  expire: async (context, _customer, nhisAuthId) => {
    await context
      .app()
      .dataSource.query(
        `UPDATE two_step_sign_ins SET requested_at = requested_at - interval '271 seconds', expires_at = expires_at - interval '271 seconds' WHERE id = $1`,
        [nhisAuthId],
      );
  },
  checkupsOf: (customer) => sandboxCheckups(customer, koreaDate(new Date()).year),
});
