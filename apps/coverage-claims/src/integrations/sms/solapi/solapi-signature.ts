import { createHmac, randomBytes } from 'node:crypto';

/**
 * SOLAPI's `Authorization` header for an API key (docs.solapi.com, "API Key 인증 방식"):
 * `HMAC-SHA256 apiKey=<key>, date=<ISO 8601>, salt=<random>, signature=<hex HMAC-SHA256(secret, date + salt)>`.
 * SOLAPI refuses a date more than 15 minutes from its clock (RequestTimeTooSkewed) and a signature it
 * saw within 15 minutes (DuplicatedSignature), so every request gets a fresh date and a fresh salt.
 */
export function solapiAuthorization(apiKey: string, apiSecret: string, now: Date = new Date()): string {
  // Whole seconds in UTC, as the documentation's example writes it (2019-07-01T00:41:48Z).
  const date = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  // 32 characters (SOLAPI takes 12 to 64), 128 random bits.
  const salt = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}
