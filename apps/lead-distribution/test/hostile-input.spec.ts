import { STALL_MS } from '../../../test/support/event-loop.js';
import { hostileRequests } from '../../../test/support/hostile-input.js';
import { acceptedCredentials, sweep, type Credential } from '../../../test/support/hostile-sweep.js';
import { readOpenApiDocument, type Schema } from '../../../test/support/openapi-document.js';
import { OPERATOR_KEY, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';
import { operatorSessionCredential, operatorSessionOperations } from '../../../test/support/operators.js';

describe('hostile input on every operation of openapi/lead-distribution.json', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  it('answers every hostile value of every parameter and body property with a documented status below 500 and a problem body, within a second', async () => {
    const document = await readOpenApiDocument('openapi/lead-distribution.json');
    const agency = await given(app).partner('Hostile agency').key();
    const { providerKey } = await given(app).provider().product('Hostile product');
    const apiKey = (name: string, key: string): Credential => ({ name, headers: { 'x-api-key': key } });
    // Integer path parameters name partners; the fixture's own makes the rest of the request valid.
    const options = {
      pathValue: (_name: string, schema: Schema) =>
        schema.type === 'integer' || schema.type === 'number' ? String(agency.partner.id) : undefined,
    };

    // The operations only a person may call take a session (sign-out one of its own); the key stands for operators elsewhere.
    const operatorSession = await operatorSessionCredential(app, 'operator session');
    const signingOut = await operatorSessionCredential(app, 'an operator session of its own');
    const credentials = await acceptedCredentials(
      app.url,
      document,
      { ApiKey: [apiKey('partner key', agency.apiKey), apiKey('provider key', providerKey), apiKey('operator key', OPERATOR_KEY)] },
      { ...options, byOperation: operatorSessionOperations(operatorSession, signingOut) },
    );
    expect([...credentials].filter(([, accepted]) => accepted.length === 0).map(([operation]) => operation)).toEqual([]);

    const report = await sweep(app.url, hostileRequests(document, options), credentials, { maxResponseMs: STALL_MS });
    console.info(
      `lead-distribution: ${report.requests} hostile requests over ${credentials.size} operations in ${Math.round(report.elapsedMs)} ms; ` +
        `statuses ${JSON.stringify(report.statuses)}; slowest ${JSON.stringify(report.slowest)}`,
    );
    expect(report.failures).toEqual([]);
  }, 120_000);
});
