// A vocabulary the operator console bundles as well (apps/console, docs/console.md): this file imports
// nothing and declares no decorators, so a browser build can take it without Nest or class-validator.

/** `claimStatusCd` (DESIGN 4) and its label, `claimStatus`. */
export enum ClaimStatus {
  Received = 'RECEIVED',
  Sending = 'SENDING',
  Sent = 'SENT',
  Failed = 'FAILED',
}

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  [ClaimStatus.Received]: '접수',
  [ClaimStatus.Sending]: '전송중',
  [ClaimStatus.Sent]: '전송완료',
  [ClaimStatus.Failed]: '전송실패',
};
