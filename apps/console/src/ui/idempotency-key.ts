/**
 * A fresh `Idempotency-Key` value: a retried call with it does its work once. Built from
 * getRandomValues, because crypto.randomUUID needs a secure context and the console may be opened
 * over plain HTTP inside a network.
 */
export function idempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
