import { FAX_SENDER, type FaxSender } from '../src/integrations/fax/fax.port.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { describeFaxPortContract } from './support/fax-port-contract.js';

/**
 * The fax port's contract for the sandbox adapter (Popbill's is popbill-fax.spec.ts): the same
 * expectations, so the claim delivery cannot tell them apart. The adapter is the service's own,
 * from a booted app (its worker off), on the app's database.
 */
let app: CoverageClaimsTestApp;

beforeAll(async () => {
  app = await startCoverageClaims({ env: { CLAIM_DELIVERY_ENABLED: 'false', FAX_SANDBOX_MS_PER_PAGE: '50' } });
});
afterAll(() => app.close());

describeFaxPortContract('sandbox', {
  sender: () => app.app.get<FaxSender>(FAX_SENDER),
  // The sandbox's magic numbers (docs/decisions/claims.md, "The fax port and the sandbox").
  numbers: () => ({ fine: '05051811234', busy: '05051810001', invalid: '05051810003' }),
  transmissionsOf: async (requestId) => {
    const [{ count }] = (await app.dataSource.query('SELECT count(*)::int AS count FROM sandbox_fax_transmissions WHERE request_id = $1', [
      requestId,
    ])) as [{ count: number }];
    return count;
  },
});
