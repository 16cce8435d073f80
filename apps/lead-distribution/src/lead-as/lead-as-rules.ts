import { AsDecision, AsStatus } from '#contracts';
import { ACTIVE_AS_STATUSES } from './entities/lead-as-request.entity.js';

export function isCancellable(status: AsStatus): boolean {
  return ACTIVE_AS_STATUSES.includes(status);
}

const REVIEW_TRANSITIONS: Record<AsStatus, Partial<Record<AsDecision, AsStatus>>> = {
  [AsStatus.Pending]: {
    [AsDecision.Hold]: AsStatus.OnHold,
    [AsDecision.Approve]: AsStatus.Approved,
    [AsDecision.Reject]: AsStatus.Rejected,
  },
  [AsStatus.OnHold]: { [AsDecision.Approve]: AsStatus.Approved, [AsDecision.Reject]: AsStatus.Rejected },
  [AsStatus.Approved]: {},
  [AsStatus.Rejected]: {},
  [AsStatus.Cancelled]: {},
};

/** The status an operator's decision leads to, or null when the decision is not open from `status`. */
export function reviewOutcome(status: AsStatus, decision: AsDecision): AsStatus | null {
  return REVIEW_TRANSITIONS[status][decision] ?? null;
}

/** Whether an AS request may still be filed `now` for a lead assigned at `assignedAt`. */
export function withinAsWindow(assignedAt: Date | null, windowDays: number, now: Date): boolean {
  if (!assignedAt) return false;
  return now.getTime() - assignedAt.getTime() <= windowDays * 24 * 60 * 60 * 1000;
}
