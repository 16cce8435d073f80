import { operationsWithoutRecord, personalOperations, readDocument, type PersonalDataRule } from './support/access-records.js';

// Every operation of both committed OpenAPI documents that views, uses, inputs, changes, deletes,
// prints or downloads personal data carries `x-access-record` (@RecordsAccess): a new operation that
// returns or takes a person's data without writing an access record fails here. The rule is in
// test/support/access-records.ts and docs/decisions/operators-and-access-records.md; each service's
// table-driven HTTP test (apps/*/test/access-records-coverage.spec.ts) proves every marked operation writes
// the record with its five items.

/**
 * An operator's own session (issue 41's sign-in): the e-mail is the caller's own, given or shown back
 * to them; a failed sign-in is kept as an access event (sign-in-failed). The operators' accounts
 * (other people's names and e-mails) are not exempt: they are recorded with `{type: 'operator'}`.
 */
const OWN_SESSION: Record<string, string> = {
  OperatorSession_signIn: "the caller's own e-mail, to sign in",
  OperatorSession_secondFactor: "the caller's own account, shown back on sign-in",
  OperatorSession_current: "the caller's own account",
};

/** What the property names cannot tell, per document. */
const RULES: Record<string, PersonalDataRule> = {
  'openapi/lead-distribution.json': {
    also: {
      Webhooks_getDelivery:
        "the payload's free-form data is a lead.assigned, lead.recalled or lead_as.reviewed event: a lead as its owner sees it",
    },
    exempt: {
      ...OWN_SESSION,
      Webhooks_eventTypes: 'the schemas and examples of the event types: made-up leads, no one’s data',
    },
  },
  'openapi/coverage-claims.json': { exempt: OWN_SESSION },
};

describe('access-record coverage of the OpenAPI documents', () => {
  it.each(Object.keys(RULES))('%s: every operation handling personal data writes an access record', (file) => {
    expect(operationsWithoutRecord(readDocument(file), RULES[file])).toEqual([]);
  });

  it('finds personal data by name at any depth, in files, in downloads, in subjects named, and on the resource shown', () => {
    const document = {
      paths: {
        '/people/{id}': {
          get: {
            operationId: 'get',
            responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } },
          },
          delete: { operationId: 'remove', responses: { '204': {} } },
        },
        '/people/{id}/report': { get: { operationId: 'report', responses: { '200': { content: { 'application/pdf': { schema: {} } } } } } },
        '/files/{id}': {
          get: {
            operationId: 'file',
            responses: { '200': { content: { 'application/json': { schema: { properties: { downloadUrl: {} } } } } } },
          },
        },
        '/hand': {
          post: {
            operationId: 'hand',
            requestBody: { content: { 'application/json': { schema: { properties: { leadIds: {} } } } } },
            responses: {},
          },
        },
        '/products': {
          get: {
            operationId: 'products',
            responses: { '200': { content: { 'application/json': { schema: { items: { properties: { name: {} } } } } } } },
          },
        },
        '/examples': {
          get: {
            operationId: 'examples',
            responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Person: { properties: { name: {}, contact: { allOf: [{ $ref: '#/components/schemas/Contact' }] } } },
          Contact: { properties: { phone: {} } },
        },
      },
    };
    const found = personalOperations(document, { exempt: { examples: 'made up' }, also: { products: 'said so' } });
    expect(Object.fromEntries(found.map((entry) => [entry.operationId, entry.why]))).toEqual({
      get: 'answer holds phone',
      remove: 'acts on /people/{id}, which get shows',
      report: 'answer is application/pdf',
      file: 'answer carries a downloadUrl',
      hand: 'request names leadIds',
      products: 'said so',
    });
    expect(operationsWithoutRecord(document)).toContain('GET /people/{id} (get): answer holds phone');
  });
});
