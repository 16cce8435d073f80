import { NhisAuthStatus } from '#contracts';

/** How long the customer has to approve in their app, as the NHIS allows (4 minutes 30 seconds). */
export const AUTH_TTL_SECONDS = 270;
/** How long a completed authentication allows check-up lookups. */
export const LOOKUP_WINDOW_SECONDS = 600;

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

export type CompleteRefusal = 'REFUSED' | 'EXPIRED';

/**
 * Why a session cannot be completed now (before asking the NHIS); null when it may be. A completed
 * one is answered again as it was (complete is idempotent), so it is not refused here.
 */
export function completeRefusal(session: { status: NhisAuthStatus; expiresAt: Date }, now: Date): CompleteRefusal | null {
  if (session.status === NhisAuthStatus.Refused) return 'REFUSED';
  if (session.status === NhisAuthStatus.Pending && now.getTime() >= session.expiresAt.getTime()) return 'EXPIRED';
  return null;
}

export type LookupRefusal = 'NOT_COMPLETED' | 'EXPIRED';

/** Why check-ups may not be looked up with a session now; null while they may. */
export function lookupRefusal(session: { status: NhisAuthStatus; checkupsAllowedUntil: Date | null }, now: Date): LookupRefusal | null {
  if (session.status !== NhisAuthStatus.Completed || !session.checkupsAllowedUntil) return 'NOT_COMPLETED';
  if (now.getTime() >= session.checkupsAllowedUntil.getTime()) return 'EXPIRED';
  return null;
}
