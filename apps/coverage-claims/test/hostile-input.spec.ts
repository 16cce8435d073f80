import { UserRole } from '#contracts';
import { OPERATOR_KEY, createOrganisation, signIn, startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { STALL_MS } from '../../../test/support/event-loop.js';
import { hostileRequests } from '../../../test/support/hostile-input.js';
import { acceptedCredentials, sweep } from '../../../test/support/hostile-sweep.js';
import { readOpenApiDocument } from '../../../test/support/openapi-document.js';
import { operatorSessionCredential, operatorSessionOperations } from '../../../test/support/operators.js';

describe('hostile input on every operation of openapi/coverage-claims.json', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims();
  });
  afterAll(() => app.close());

  it('answers every hostile value of every parameter and body property with a documented status below 500 and a problem body, within a second', async () => {
    const document = await readOpenApiDocument('openapi/coverage-claims.json');
    const organisation = await createOrganisation(app, 'Hostile Org');
    const planner = await signIn(app, organisation, { name: '설계사' });
    const admin = await signIn(app, organisation, { name: '관리자', role: UserRole.OrgAdmin });
    const bearer = (name: string, token: string) => ({ name, headers: { authorization: `Bearer ${token}` } });

    // Sign-out ends the sign-in of its token: it is probed with a sign-in of its own.
    const signingOut = await signIn(app, organisation, { name: '나갈설계사' });
    // The operations only a person may call take an operator session (sign-out one of its own).
    const operatorSession = await operatorSessionCredential(app, 'operator session');
    const signingOutOperator = await operatorSessionCredential(app, 'an operator session of its own');
    const credentials = await acceptedCredentials(
      app.url,
      document,
      {
        Bearer: [bearer('planner token', planner.accessToken), bearer('admin token', admin.accessToken)],
        ApiKey: [{ name: 'operator key', headers: { 'x-api-key': OPERATOR_KEY } }],
      },
      {
        byOperation: {
          'POST /api/v1/auth/sign-out': [bearer('a sign-in of its own', signingOut.accessToken)],
          ...operatorSessionOperations(operatorSession, signingOutOperator),
        },
      },
    );
    expect([...credentials].filter(([, accepted]) => accepted.length === 0).map(([operation]) => operation)).toEqual([]);

    const report = await sweep(app.url, hostileRequests(document), credentials, { maxResponseMs: STALL_MS });
    console.info(
      `coverage-claims: ${report.requests} hostile requests over ${credentials.size} operations in ${Math.round(report.elapsedMs)} ms; ` +
        `statuses ${JSON.stringify(report.statuses)}; slowest ${JSON.stringify(report.slowest)}`,
    );
    expect(report.failures).toEqual([]);
  }, 120_000);
});
