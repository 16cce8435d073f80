import { CLAIM_STATUS_LABELS } from '@contracts/coverage-claims/claim-status';
import { claimStatusValues, sandboxMessageStatusValues, type components } from '../api/generated/coverage-claims';
import { termsOf, type Vocabulary } from '../ui';

// coverage-claims' vocabularies as the console shows them: the values from the generated client
// (the OpenAPI document), the Korean from the contracts where they have it (the planners' history
// uses the same words), the console's where they have none; colours are the console's.

type Schemas = components['schemas'];
export type ClaimStatus = Schemas['ClaimStatus'];

export const CLAIM_STATUSES: Vocabulary<ClaimStatus> = {
  values: claimStatusValues,
  terms: termsOf(CLAIM_STATUS_LABELS, { RECEIVED: 'gray', SENDING: 'blue', SENT: 'green', FAILED: 'red' }),
};

export const INSURER_TYPE_LABELS: Record<Schemas['InsurerType'], string> = { LIFE: '생명보험', NON_LIFE: '손해보험' };

export const SANDBOX_MESSAGE_STATUSES: Vocabulary<Schemas['SandboxMessageStatus']> = {
  values: sandboxMessageStatusValues,
  terms: termsOf({ DELIVERED: '수신', FAILED: '실패' }, { DELIVERED: 'green', FAILED: 'red' }),
};
