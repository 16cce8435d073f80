import { IdempotencyRecords1795243200731 } from './1795243200731-IdempotencyRecords.js';
import { OrganisationsUsersAndSignIn1795248118318 } from './1795248118318-OrganisationsUsersAndSignIn.js';
import { CustomersConsentsAndVerifications1795416811609 } from './1795416811609-CustomersConsentsAndVerifications.js';
import { CoverageTermsV11795416811700 } from './1795416811700-CoverageTermsV1.js';
import { CoverageCatalogue1795417019665 } from './1795417019665-CoverageCatalogue.js';
import { LoadCoverageCatalogue1795417100000 } from './1795417100000-LoadCoverageCatalogue.js';
import { CustomerNumbers1795418409180 } from './1795418409180-CustomerNumbers.js';
import { CoverageAnalyses1795418579334 } from './1795418579334-CoverageAnalyses.js';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [
  IdempotencyRecords1795243200731,
  OrganisationsUsersAndSignIn1795248118318,
  CustomersConsentsAndVerifications1795416811609,
  CoverageTermsV11795416811700,
  CoverageCatalogue1795417019665,
  LoadCoverageCatalogue1795417100000,
  CustomerNumbers1795418409180,
  CoverageAnalyses1795418579334,
];
