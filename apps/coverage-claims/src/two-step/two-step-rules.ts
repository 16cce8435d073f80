import { NhisAuthStatus } from '#contracts';
import { TwoStepPurpose } from './entities/two-step-sign-in.entity.js';

/**
 * The rules of a two-step sign-in, whatever it is for (docs/decisions/two-step-sign-in.md): the
 * source asked the customer for a second step, which they must give in time, once, without guessing.
 */

/**
 * A sign-in is usable this long after the source first asked, and a further step does not extend it:
 * CODEF's two-way session lasts 270 s, and so does the NHIS's window for an app approval.
 */
export const SIGN_IN_TTL_SECONDS = 270;

/** Wrong codes accepted before a sign-in is dropped (the same step re-answered; guesses at a 6-digit code end here). */
export const MAX_WRONG_ANSWERS = 5;

/**
 * How long a follow-up holds its sign-in beyond the bound of the source's answer: a replica that dies
 * while the source answers leaves it held no longer than this.
 */
export const HOLD_MARGIN_SECONDS = 5;

/** How long a completed sign-in's answer may be used (the NHIS: check-ups looked up with it). */
export const USE_WINDOW_SECONDS = 600;

/**
 * Whether a sign-in is kept, its sealed state forgotten, once it is spent: an NHIS authentication is
 * (the check-ups it fetched name it); a coverage analysis's is not (nothing refers to it, and the
 * stored analysis records the verification), so it is deleted.
 */
export const KEPT_WHEN_SPENT: Readonly<Record<TwoStepPurpose, boolean>> = {
  [TwoStepPurpose.CoverageAnalysis]: false,
  [TwoStepPurpose.NhisCheckups]: true,
};

/** Why a sign-in's step cannot be completed now (before asking the source); null when it may be. A completed one is not refused: it answers as it did. */
export function stepRefusal(signIn: { status: NhisAuthStatus; expiresAt: Date }, now: Date): 'REFUSED' | 'EXPIRED' | null {
  if (signIn.status === NhisAuthStatus.Refused) return 'REFUSED';
  if (signIn.status === NhisAuthStatus.Pending && now.getTime() >= signIn.expiresAt.getTime()) return 'EXPIRED';
  return null;
}

/** Why a sign-in's answer may not be used now; null while it may (completed, within its window). */
export function useRefusal(signIn: { status: NhisAuthStatus; usableUntil: Date | null }, now: Date): 'NOT_COMPLETED' | 'EXPIRED' | null {
  if (signIn.status !== NhisAuthStatus.Completed || !signIn.usableUntil) return 'NOT_COMPLETED';
  if (now.getTime() >= signIn.usableUntil.getTime()) return 'EXPIRED';
  return null;
}
