import { parseArgs } from 'node:util';
import { UserRole } from '#contracts';
import { mintAssertion } from '../apps/coverage-claims/src/auth/sso-assertion.js';
import { CoverageClaimsConfig } from '../apps/coverage-claims/src/config/coverage-claims.config.js';

const USAGE = `Usage: node dist/scripts/sso-assertion.js --organisation <id> --secret=<SSO secret> --ci <fcUserCi> --name <name>
                 [--phone <mobile>] [--role PLANNER|ORG_ADMIN] [--audience <aud>] [--expires-in <seconds>]

Prints an SSO assertion signed the way an organisation's sign-in server signs it (HS256, iss = the
organisation id, a fresh jti, valid for 120 s unless --expires-in says otherwise). For trying the
sign-in flow; an organisation's own server does this in production.`;

function main(): number {
  const { values } = parseArgs({
    options: {
      organisation: { type: 'string' },
      secret: { type: 'string' },
      ci: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      role: { type: 'string' },
      audience: { type: 'string' },
      'expires-in': { type: 'string' },
    },
  });
  const roles = Object.values(UserRole) as string[];
  if (!values.organisation || !values.secret || !values.ci || !values.name || (values.role && !roles.includes(values.role))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const assertion = mintAssertion({
    organisationId: values.organisation,
    secret: values.secret,
    audience: values.audience ?? process.env.SSO_AUDIENCE ?? new CoverageClaimsConfig().SSO_AUDIENCE,
    fcUserCi: values.ci,
    name: values.name,
    phone: values.phone,
    role: values.role as UserRole | undefined,
    expiresIn: values['expires-in'] === undefined ? undefined : Number(values['expires-in']),
  });
  process.stdout.write(`${assertion}\n`);
  return 0;
}

process.exit(main());
