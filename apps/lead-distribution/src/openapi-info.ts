import { OPERATORS_OPENAPI_TAG, type OpenApiInfo } from '#platform';

/** What the OpenAPI document and the /docs page say before the operations: a partner's first read. */
export const LEAD_DISTRIBUTION_OPENAPI: OpenApiInfo = {
  title: 'lead-distribution',
  description: `Lead (DB) distribution for partners: providers register customer leads per product; partners order them per region and quantity, receive them masked, use them (the contact in clear), hand them down their organisation and ask for returns (AS) with evidence files; operators set it all up and review the returns.

## Getting started

Every call carries an API key in \`X-API-Key\`. Keys are issued by the operator and shown once: a **partner** key acts for its own partner (\`partnerId\` may be left out), a **provider** key registers its products' leads, an **operator** calls the \`/api/v1/admin/…\` operations (partners, providers, products, keys, the AS review) with a personal operator key in \`X-API-Key\` or the console's session cookie (e-mail, password and a TOTP code), within the role of their account; outside production the bootstrap key (\`OPERATOR_API_KEYS\`) works too.

A partner's calls, in order:

1. \`GET /api/v1/regions\` and \`GET /api/v1/products/{productId}/as-policy\`: the regions an order names, the product's return policy.
2. \`POST /api/v1/orders\`: leads of a product per region. Leads are delivered to the oldest open order as providers register them; \`GET /api/v1/orders/{id}\` shows what each region has received.
3. \`GET /api/v1/leads\`: the leads the partner owns, masked until used.
4. \`POST /api/v1/leads/{id}/use\`: the lead with its contact in clear, from then on (\`POST /api/v1/leads/contacts\` for several).
5. A return: \`POST /api/v1/files/presigned\`, PUT the bytes to the \`uploadUrl\` it answers, then \`POST /api/v1/lead-as\` naming the \`fileId\` in \`storedFileIds\`; \`GET /api/v1/lead-as/{id}\` shows the operator's decision.

A provider calls \`POST /api/v1/leads\` for each lead (its metadata may name files uploaded the same way).

Creating POSTs accept \`Idempotency-Key\`, so a retry after a timeout gets the first answer. A walk-through with commands: \`docs/guides/lead-distribution-partner.md\` in the repository.`,
  tags: [
    { name: 'regions', description: 'The 17 regions orders and leads name.' },
    { name: 'products', description: "A product's AS (return) policy, readable with every key." },
    {
      name: 'orders',
      description:
        'A partner orders leads of a product per region and quantity; leads are delivered oldest order first, and an approved return is replaced.',
    },
    {
      name: 'leads',
      description:
        "Providers register leads; partners list the leads they own (masked until used), read one, use it (the contact in clear) and look up used leads' contacts.",
    },
    {
      name: 'files',
      description: 'Presigned uploads: AS evidence for partners, lead files for providers. PUT the bytes to the `uploadUrl` as given.',
    },
    {
      name: 'lead AS requests',
      description:
        'Returns of leads a partner owns, with a reason and, where the reason needs it, evidence files; one active request per lead.',
    },
    { name: 'lead distribution', description: 'A partner hands leads down to partners below it in its organisation and recalls them.' },
    {
      name: 'Webhooks',
      description:
        'A partner’s endpoints receive its events (`lead.assigned`, `lead.recalled`, `lead_as.reviewed`, `order.completed`, `order.cancelled`) as signed POSTs (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`), retried until a 2xx; every attempt is logged, and a delivery can be resent or the failed ones recovered. Each event’s body has a schema of its own in this document, with an example: `LeadAssignedEvent`, `LeadRecalledEvent`, `LeadAsReviewedEvent`, `OrderCompletedEvent`, `OrderCancelledEvent`, `WebhookTestEvent`; `GET /api/v1/webhooks/event-types` lists them. Verifying a delivery, the retry schedule and what to de-duplicate on: `docs/decisions/webhooks.md` in the repository.',
    },
    { name: 'admin: partners', description: 'Operator: partners and their place in an organisation (`parentId`).' },
    { name: 'admin: api keys', description: "Operator: a partner's keys (issued once, listed by prefix, revoked at once everywhere)." },
    { name: 'admin: providers', description: 'Operator: providers, who register leads, and their keys.' },
    { name: 'admin: products', description: "Operator: products (a provider's kind of lead, its AS window) and their AS policy." },
    { name: 'admin: leads', description: 'Operator: bulk import of up to 1,000 leads, each row checked as a single registration.' },
    {
      name: 'admin: lead AS requests',
      description: 'Operator: the review queue of AS requests; hold, approve (the lead is returned) or reject.',
    },
    OPERATORS_OPENAPI_TAG,
    {
      name: 'admin: access records',
      description:
        'Operator: the access records (접속기록) of personal data, searched, exported as CSV (with a reason, itself recorded) and reviewed monthly.',
    },
  ],
  version: '1.0.0',
  baseUrl: { variable: 'lead_base_url', local: 'http://127.0.0.1:3001' },
  auth: 'api-key',
};
