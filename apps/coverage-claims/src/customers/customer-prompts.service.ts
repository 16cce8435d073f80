import { Injectable } from '@nestjs/common';
import { RateLimitCounters, type RateLimitPolicy } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';

/**
 * The requests that may prompt a customer's phone through CODEF (a coverage analysis: the credit4u
 * sign-in may ask a code, a secure number or an app approval, and wrong sign-ins lock the account;
 * an NHIS approval request to the customer's app), counted together per customer against
 * RATE_LIMIT_CUSTOMER_PROMPTS in RATE_LIMIT_PROMPT_WINDOW_SECONDS (policy
 * `customer-prompts`), by the platform's rate-limit counters. Each request is counted before the
 * source is asked, whatever it answers; past the limit it is 429 RATE_LIMITED with Retry-After and
 * nothing reaches the source.
 */
/** What the two operations' OpenAPI descriptions say of the limit. */
export const CUSTOMER_PROMPTS =
  'Coverage analyses and NHIS approval requests may prompt the customer’s phone: together they are limited per customer (RATE_LIMIT_CUSTOMER_PROMPTS, 5 an hour by default); past it 429 RATE_LIMITED with Retry-After, and nothing is sent to the source.';

@Injectable()
export class CustomerPrompts {
  private readonly policy: RateLimitPolicy;

  constructor(
    config: CoverageClaimsConfig,
    private readonly counters: RateLimitCounters,
  ) {
    this.policy = {
      name: 'customer-prompts',
      limit: config.RATE_LIMIT_CUSTOMER_PROMPTS,
      windowSeconds: config.RATE_LIMIT_PROMPT_WINDOW_SECONDS,
    };
  }

  /** Counts one prompt to `customerId`'s phone, or refuses it (429) past the limit. */
  take(customerId: string): Promise<void> {
    return this.counters.take(this.policy, customerId);
  }
}
