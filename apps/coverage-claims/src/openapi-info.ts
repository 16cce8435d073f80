import { OPERATORS_OPENAPI_TAG, type OpenApiInfo } from '#platform';

/** What the OpenAPI document and the /docs page say before the operations: a front end's first read. */
export const COVERAGE_CLAIMS_OPENAPI: OpenApiInfo = {
  title: 'coverage-claims',
  description: `Coverage analysis, medical coverage analysis, planner user management and insurance claims for insurance planners' front ends.

## Getting started

Planners sign in through their organisation (SSO); every call then carries \`Authorization: Bearer <access token>\`. The operator API (\`/api/v1/admin/…\`) takes an operator's session cookie (the console's sign-in: e-mail, password and a TOTP code) or a personal operator key in \`X-API-Key\` instead; outside production the bootstrap key (\`OPERATOR_API_KEYS\`) works too.

1. The operator registers the organisation with its front end's redirect URIs (\`POST /api/v1/admin/organisations\`) and hands it the SSO secret, shown once.
2. The organisation's sign-in server signs a short-lived assertion naming the planner. The browser takes it, with a PKCE challenge, to \`GET /api/v1/auth/sso\`, which redirects back to the front end with a one-time \`code\`.
3. \`GET /api/v1/auth/token\` with \`code\` and \`code_verifier\` answers an access token and a refresh token; \`GET /api/v1/auth/token\` with \`refreshToken\` renews them, \`POST /api/v1/auth/sign-out\` ends the sign-in.

Then, for a customer:

- coverage analysis: \`GET /api/v1/coverage/terms\`, \`POST /api/v1/coverage/verifications\` (a one-time number by SMS to the customer), \`POST /api/v1/coverage/verifications/{id}/confirm\`, \`POST /api/v1/coverage/analyses\`, \`POST /api/v1/coverage/analyses/{seq}/report\`;
- medical coverage analysis: \`POST /api/v1/medical-bojang/nhis-auth\` and \`…/{id}/complete\` (NHIS simple authentication), \`POST /api/v1/medical-bojang/checkups\`, \`POST /api/v1/medical-bojang/set-analysis\`, \`POST /api/v1/medical-bojang/report/json\` or \`…/report/pdf\`;
- claims: the reference lists (\`GET /api/v1/claim/insurers\`, \`…/banks\`, …), evidence (\`POST /api/v1/files/presigned\`, then PUT the bytes to the \`uploadUrl\` it answers), \`POST /api/v1/claim/requests\`, \`POST /api/v1/claim/histories\`.

A walk-through with commands: \`docs/guides/coverage-claims.md\` in the repository.`,
  tags: [
    { name: 'auth', description: 'SSO sign-in with PKCE, tokens for the one-time code or a refresh token, sign-out.' },
    { name: 'users', description: "The signed-in planner, and an ORG_ADMIN's management of its organisation's users." },
    {
      name: 'coverage analysis',
      description:
        "The customer's consent and one-time number verification, then the analysis of their insurance contracts and its report (PDF or JSON).",
    },
    {
      name: 'medical coverage analysis',
      description:
        "NHIS simple authentication, the customer's health check-ups, and the medical report: disease risks against the coverage that pays for them.",
    },
    { name: 'customers', description: 'A verified customer with their consents; deleting one deletes everything kept about them.' },
    {
      name: 'claims',
      description:
        'The reference lists a claim names (served with an ETag), filing a claim with its evidence, sending a failed one again, and the claim history.',
    },
    {
      name: 'files',
      description: 'Presigned uploads of claim evidence: PUT the bytes to the `uploadUrl` as given, then read the file back.',
    },
    { name: 'admin: organisations', description: 'Operator: organisations, their redirect URIs and SSO secrets.' },
    { name: 'admin: claims', description: "Operator: where an insurer's claims are sent (fax number, address)." },
    {
      name: 'admin: sandbox',
      description: 'Operator, sandbox SMS adapter only: the messages it would have sent (404 with another adapter).',
    },
    OPERATORS_OPENAPI_TAG,
    {
      name: 'admin: access records',
      description:
        'Operator: the access records (접속기록) of personal data, searched, exported as CSV (with a reason, itself recorded) and reviewed monthly.',
    },
  ],
  version: '1.0.0',
  baseUrl: { variable: 'base_url', local: 'http://127.0.0.1:3000' },
  auth: ['bearer', 'api-key'],
};
