/**
 * Rules of an analysis's continuation (a second step the insurance-data source asked for).
 * docs/decisions/coverage-analysis.md, "Sign-in and second step".
 */

/** A continuation is usable this long after the source first asked (CODEF's two-way session lasts 270 s). */
export const CONTINUATION_TTL_SECONDS = 270;

/** Wrong codes accepted before the continuation is dropped (the same step re-answered; guesses at a 6-digit code end here). */
export const MAX_WRONG_ANSWERS = 5;

/**
 * How long a follow-up holds its continuation beyond the source's bound (INSURANCE_DATA_TIMEOUT_MS):
 * a replica that dies while the source answers leaves the continuation held no longer than this.
 */
export const HOLD_MARGIN_SECONDS = 5;
