import { AsDecision, AsStatus } from '#contracts';
import { isCancellable, reviewOutcome, withinAsWindow } from '../../src/lead-as/lead-as-rules.js';

describe('AS request state machine', () => {
  it('lets only pending and on-hold requests be cancelled', () => {
    expect(Object.values(AsStatus).filter(isCancellable)).toEqual([AsStatus.Pending, AsStatus.OnHold]);
  });

  it.each([
    [AsStatus.Pending, AsDecision.Hold, AsStatus.OnHold],
    [AsStatus.Pending, AsDecision.Approve, AsStatus.Approved],
    [AsStatus.Pending, AsDecision.Reject, AsStatus.Rejected],
    [AsStatus.OnHold, AsDecision.Approve, AsStatus.Approved],
    [AsStatus.OnHold, AsDecision.Reject, AsStatus.Rejected],
  ])('moves %s on %s to %s', (from, decision, to) => {
    expect(reviewOutcome(from, decision)).toBe(to);
  });

  it.each([
    [AsStatus.OnHold, AsDecision.Hold],
    [AsStatus.Approved, AsDecision.Reject],
    [AsStatus.Rejected, AsDecision.Approve],
    [AsStatus.Cancelled, AsDecision.Approve],
  ])('refuses %s on %s', (from, decision) => {
    expect(reviewOutcome(from, decision)).toBeNull();
  });

  it('counts the AS window in days from the assignment', () => {
    const assigned = new Date('2026-11-01T00:00:00Z');
    expect(withinAsWindow(assigned, 7, new Date('2026-11-08T00:00:00Z'))).toBe(true);
    expect(withinAsWindow(assigned, 7, new Date('2026-11-08T00:00:01Z'))).toBe(false);
    expect(withinAsWindow(null, 7, new Date())).toBe(false);
  });
});
