import { Init1795240455947 } from './1795240455947-Init.js';
import { LeadsAndAsRequests1795241520805 } from './1795241520805-LeadsAndAsRequests.js';
import { StoredFiles1795241640925 } from './1795241640925-StoredFiles.js';
import { AsEvidenceFiles1795242248385 } from './1795242248385-AsEvidenceFiles.js';
import { LeadSearchText1795242691991 } from './1795242691991-LeadSearchText.js';
import { IdempotencyRecords1795243199692 } from './1795243199692-IdempotencyRecords.js';
import { OrdersAndAllocation1795245180714 } from './1795245180714-OrdersAndAllocation.js';
import { ContactVisibility1795413000000 } from './1795413000000-ContactVisibility.js';
import { ProviderFiles1795413852770 } from './1795413852770-ProviderFiles.js';
import { RegisterLeadsFunction1795423065543 } from './1795423065543-RegisterLeadsFunction.js';
import { RegisterLeadsV21795440000000 } from './1795440000000-RegisterLeadsV2.js';
import { IdempotencySubjects1795757942035 } from './1795757942035-IdempotencySubjects.js';
import { Webhooks1795795330510 } from './1795795330510-Webhooks.js';
import { DropRegisterLeadsV11795765109680 } from './1795765109680-DropRegisterLeadsV1.js';
import { WebhookDeliveryQueues1795800000000 } from './1795800000000-WebhookDeliveryQueues.js';
import { ProductUpdatedAtAndAsPolicyVersions1795817714796 } from './1795817714796-ProductUpdatedAtAndAsPolicyVersions.js';
import { LeadListCounts1795830000000 } from './1795830000000-LeadListCounts.js';
import { RegisterLeadsV31795840000000 } from './1795840000000-RegisterLeadsV3.js';
import { IdempotencyClaimTokens1796652013519 } from './1796652013519-IdempotencyClaimTokens.js';
import { BackgroundTurns1796652169039 } from './1796652169039-BackgroundTurns.js';
import { EventsRecordedByOwner1796700000000 } from './1796700000000-EventsRecordedByOwner.js';
import { OneAttemptLog1796700100000 } from './1796700100000-OneAttemptLog.js';
import { OperatorAccounts1796700200000 } from './1796700200000-OperatorAccounts.js';
import { AccessRecords1796710000000 } from './1796710000000-AccessRecords.js';
import { ContactAuditsIntoAccessRecords1796720000000 } from './1796720000000-ContactAuditsIntoAccessRecords.js';
import { RegistrationsRecordAccess1796730100000 } from './1796730100000-RegistrationsRecordAccess.js';
// The platform's own migration, the same in both services (libs/platform/src/access-records/access-record-seals.migration.ts).
import { AccessRecordSeals1796730000000 } from '#platform';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [
  Init1795240455947,
  LeadsAndAsRequests1795241520805,
  StoredFiles1795241640925,
  AsEvidenceFiles1795242248385,
  LeadSearchText1795242691991,
  IdempotencyRecords1795243199692,
  OrdersAndAllocation1795245180714,
  ContactVisibility1795413000000,
  ProviderFiles1795413852770,
  RegisterLeadsFunction1795423065543,
  RegisterLeadsV21795440000000,
  IdempotencySubjects1795757942035,
  DropRegisterLeadsV11795765109680,
  Webhooks1795795330510,
  WebhookDeliveryQueues1795800000000,
  ProductUpdatedAtAndAsPolicyVersions1795817714796,
  LeadListCounts1795830000000,
  RegisterLeadsV31795840000000,
  IdempotencyClaimTokens1796652013519,
  BackgroundTurns1796652169039,
  EventsRecordedByOwner1796700000000,
  OneAttemptLog1796700100000,
  OperatorAccounts1796700200000,
  AccessRecords1796710000000,
  ContactAuditsIntoAccessRecords1796720000000,
  AccessRecordSeals1796730000000,
  RegistrationsRecordAccess1796730100000,
];
