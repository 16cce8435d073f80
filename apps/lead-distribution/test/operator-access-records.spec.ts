import type { ImportLeadsResponse } from '#contracts';
import { expectAccessRecord, subject, timed } from '../../../test/support/access-records.js';
import { asSession, signedInOperator } from '../../../test/support/operators.js';
import { given } from './support/given.js';
import { leadInput, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';

// Issue 41's first done-when line: two operators, each a person signed in with their own session,
// each do something with personal data, and each record names that person's account, the address
// the Ingress forwarded for them, and the subjects of their own call, not the other's.

describe('access records name the operator who acted (lead-distribution)', () => {
  let app: LeadDistributionTestApp;
  beforeAll(async () => {
    app = await startLeadDistribution({ env: { TRUSTED_PROXY_HOPS: '1' } });
  });
  afterAll(() => app?.close());

  it('records two operators’ calls under each one’s account, address and subjects', async () => {
    const { product } = await given(app).provider().product('두 운영자 상품');
    const [importer, reviewer] = [await signedInOperator(app, 'admin'), await signedInOperator(app, 'admin')];

    const imported = await timed(async () =>
      asSession(app, importer)
        .post('/api/v1/admin/leads/import')
        .set('X-Forwarded-For', '198.51.100.21')
        .send({ leads: [leadInput(product.id), leadInput(product.id)] })
        .expect(200),
    );
    const leadIds = (imported.result.body as ImportLeadsResponse).results.map((row) => row.id!);
    expect(leadIds).toHaveLength(2);

    const viewed = await timed(async () =>
      asSession(app, reviewer).get(`/api/v1/admin/operators/${importer.account.id}`).set('X-Forwarded-For', '203.0.113.34').expect(200),
    );

    await expectAccessRecord(
      app,
      {
        actor: { kind: 'operator', id: importer.account.id },
        address: '198.51.100.21',
        action: 'input',
        operation: 'LeadsAdmin_import',
        subjects: leadIds.map((id) => subject('lead', id)),
      },
      imported.window,
    );
    await expectAccessRecord(
      app,
      {
        actor: { kind: 'operator', id: reviewer.account.id },
        address: '203.0.113.34',
        action: 'view',
        operation: 'OperatorAccounts_get',
        subjects: [subject('operator', importer.account.id)],
      },
      viewed.window,
    );
  });
});
