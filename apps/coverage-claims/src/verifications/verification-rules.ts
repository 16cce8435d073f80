import { maskPhoneDigits } from '#platform';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VerificationStatus } from './entities/customer-verification.entity.js';

/** How long a one-time number is accepted. */
export const CODE_TTL_SECONDS = 180;
/** A new number for the same phone (per organisation) waits this long after the last request. */
export const RESEND_INTERVAL_SECONDS = 60;
/** Wrong numbers a verification takes; the last one locks it. */
export const MAX_FAILED_ATTEMPTS = 5;
/** How long the token of a confirmed verification lets the analysis fetch the customer's contracts. */
export const TOKEN_TTL_SECONDS = 1800;

/** Six random digits (leading zeros kept), from the operating system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The key one-time numbers are hashed with, derived from LOOKUP_HASH_KEY for this purpose only: with a
 * million possible numbers, an unkeyed hash would be reversed by trying them all.
 */
export function codeHashKey(lookupHashKey: string): Buffer {
  return createHmac('sha256', Buffer.from(lookupHashKey, 'base64url')).update('coverage-claims:verification-code').digest();
}

/** HMAC-SHA256 (hex) of the number, bound to its verification so that equal numbers hash differently. */
export function hashCode(key: Buffer, verificationId: string, code: string): string {
  return createHmac('sha256', key).update(`${verificationId}:${code}`).digest('hex');
}

/** Whether `code` is the number whose hash is stored, compared in constant time. */
export function codeMatches(key: Buffer, verificationId: string, code: string, storedHash: string): boolean {
  const presented = Buffer.from(hashCode(key, verificationId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Whole seconds until a new number may be requested after one requested at `lastRequestedAt` (0: now). */
export function retryAfterSeconds(lastRequestedAt: Date | null, now: Date): number {
  if (!lastRequestedAt) return 0;
  const waitMs = lastRequestedAt.getTime() + RESEND_INTERVAL_SECONDS * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** A number is accepted strictly before its expiry. */
export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

export function attemptsLeft(failedAttempts: number): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - failedAttempts);
}

export type ConfirmRefusal = 'ALREADY_CONFIRMED' | 'LOCKED' | 'EXPIRED';

/** Why a verification cannot be confirmed any more, checked in this order; null while it can. */
export function confirmRefusal(verification: { status: VerificationStatus; expiresAt: Date }, now: Date): ConfirmRefusal | null {
  if (verification.status === VerificationStatus.Confirmed) return 'ALREADY_CONFIRMED';
  if (verification.status === VerificationStatus.Locked) return 'LOCKED';
  if (isExpired(verification.expiresAt, now)) return 'EXPIRED';
  return null;
}

/**
 * The text the customer receives, headed by the service's name (SMS_SERVICE_NAME). It goes as one
 * SMS: 62 bytes besides the name, so any name the configuration accepts (at most 10 characters of
 * at most 2 bytes) keeps it within 90 (the unit tests hold it to that).
 */
export function verificationText(serviceName: string, code: string): string {
  return `[${serviceName}] 본인확인 인증번호는 [${code}]입니다. ${CODE_TTL_SECONDS / 60}분 안에 입력해 주세요.`;
}

/** 010-****-5678: where the number went, as a response may show it (the platform's phone mask). */
export const maskedPhone = maskPhoneDigits;
