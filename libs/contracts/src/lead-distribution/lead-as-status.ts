// A vocabulary the operator console bundles as well (apps/console, docs/console.md): this file imports
// nothing and declares no decorators, so a browser build can take it without Nest or class-validator.

export enum AsStatus {
  Pending = 'PENDING',
  OnHold = 'ON_HOLD',
  Approved = 'APPROVED',
  Rejected = 'REJECTED',
  Cancelled = 'CANCELLED',
}

export const AS_STATUS_LABELS: Record<AsStatus, string> = {
  [AsStatus.Pending]: '대기',
  [AsStatus.OnHold]: '보류',
  [AsStatus.Approved]: '승인',
  [AsStatus.Rejected]: '반려',
  [AsStatus.Cancelled]: '취소',
};
