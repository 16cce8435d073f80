import type { LoggerService } from '@nestjs/common';
import {
  CodefClient,
  CodefError,
  type CodefClientOptions,
  type CodefOutcome,
  type CodefTwoWay,
} from '../../src/integrations/codef/codef-client.js';
import { CodefFake } from './fakes/codef-fake.js';

/** What the client logged, level by level. */
export class LogLines implements LoggerService {
  readonly lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  log = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'info', fields, message });
  warn = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'warn', fields, message });
  error = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'error', fields, message });

  at(level: string) {
    return this.lines.filter((line) => line.level === level);
  }
}

// A customer, with a space in the name (a `+` in CODEF's URL-encoded answers).
export const NAME = '김코드 테스트';
export const PHONE = '01077665544';
export const BIRTH = '19850314';
export const SIGN_IN = { id: 'credit4u-user-7', password: 'pässwörd-1!' };

/** The CodefError a call fails with (fails the test when it does not fail). */
export const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a CodefError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(CodefError);
      return error as CodefError;
    },
  );

export const twoWayOf = (outcome: CodefOutcome): CodefTwoWay => {
  if (outcome.kind !== 'TWO_WAY') throw new Error(`expected TWO_WAY, got ${outcome.kind}`);
  return outcome.twoWay;
};

export interface CodefClientSetUp {
  /** The fake of the enclosing describe, behaving normally at the start of each test. */
  readonly fake: CodefFake;
  /** What the clients of this test logged. */
  readonly logs: LogLines;
  /** A client of the fake, logging to `logs`. */
  client(overrides?: Partial<CodefClientOptions>): CodefClient;
  /** The contracts' first request for a customer, the password encrypted as the adapter does. */
  contractsParams(codef: CodefClient, name?: string, phone?: string): Record<string, string>;
  /** The check-ups' first request for a customer. */
  checkupParams(name?: string): Record<string, string>;
}

/**
 * The CODEF client's tests, against a CODEF fake started for the enclosing describe: each test gets
 * fresh logs and a fake behaving normally, and after each nothing logged may hold the customer, their
 * sign-in, its ciphertext or a token, nor any field but the few the client logs.
 */
export function codefClientSetUp(): CodefClientSetUp {
  let fake: CodefFake;
  let logs: LogLines;
  let encrypted: string[];

  const client = (overrides: Partial<CodefClientOptions> = {}) =>
    new CodefClient({
      environment: 'demo',
      apiUrl: fake.url,
      tokenUrl: `${fake.url}/oauth/token`,
      clientId: fake.client.id,
      clientSecret: fake.client.secret,
      publicKey: fake.publicKey,
      timeoutMs: 5_000,
      logger: logs,
      ...overrides,
    });

  const contractsParams = (codef: CodefClient, name = NAME, phone = PHONE) => {
    const password = codef.encrypt(SIGN_IN.password);
    encrypted.push(password);
    return {
      organization: '0001',
      id: SIGN_IN.id,
      password,
      type: '0',
      userName: name,
      identity: BIRTH,
      telecom: '',
      phoneNo: phone,
      timeout: '170',
    };
  };
  const checkupParams = (name = NAME) => ({
    organization: '0002',
    loginType: '5',
    loginTypeLevel: '1',
    identity: BIRTH,
    userName: name,
    phoneNo: PHONE,
    telecom: '',
    id: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
    inquiryType: '0',
    searchStartYear: '2016',
    searchEndYear: '2026',
    type: '0',
  });

  beforeAll(async () => {
    fake = await CodefFake.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    logs = new LogLines();
    encrypted = [];
    fake.behaveNormally();
  });
  afterEach(() => {
    // Nothing logged ever holds the customer, their sign-in, its ciphertext or a token.
    const logged = JSON.stringify(logs.lines);
    for (const secret of [NAME, '김코드', PHONE, BIRTH, SIGN_IN.id, SIGN_IN.password, ...encrypted, ...fake.issuedTokens()])
      expect(logged).not.toContain(secret);
    for (const line of logs.lines)
      expect(Object.keys(line.fields).every((key) => ['product', 'code', 'kind', 'transactionId', 'durationMs'].includes(key))).toBe(true);
  });

  return {
    get fake() {
      return fake;
    },
    get logs() {
      return logs;
    },
    client,
    contractsParams,
    checkupParams,
  };
}
