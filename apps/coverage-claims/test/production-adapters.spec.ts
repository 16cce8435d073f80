import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { acquirePostgresServer, ConfigError, loadConfig, type PostgresServer } from '#platform';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { freePort, spawnService, startService } from '../../../test/support/service-process.js';
import { templateName } from '../../../test/support/template-name.js';
import { OPERATOR_KEY, startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { CodefFake } from './support/fakes/codef-fake.js';

/** Everything production requires of coverage-claims but the adapters: its secrets and its storage. */
function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    LOOKUP_HASH_KEY: randomBytes(32).toString('base64'),
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'claim-evidence',
    S3_REGION: 'ap-northeast-2',
  };
}

/** The real SMS adapter with its credentials and sender; nothing reaches it here (port 9: discard; https, as production requires). */
const REAL_SMS = {
  SMS_ADAPTER: 'solapi',
  SOLAPI_API_KEY: 'NCSTESTKEY0000000',
  SOLAPI_API_SECRET: 'TESTSECRET00000000000000000000000',
  SOLAPI_SENDER: '0212345678',
  SOLAPI_BASE_URL: 'https://127.0.0.1:9',
};

/** The real SMS and fax adapters, as the prod overlay selects them (Popbill's production service). */
const REAL_SMS_AND_FAX = {
  ...REAL_SMS,
  FAX_ADAPTER: 'popbill',
  POPBILL_IS_TEST: 'false',
  POPBILL_LINK_ID: 'TESTER',
  POPBILL_SECRET_KEY: randomBytes(32).toString('base64'),
  POPBILL_CORP_NUM: '1234567890',
  POPBILL_SENDER_NUM: '0212345679',
  POPBILL_BASE_URL: 'https://127.0.0.1:9',
  POPBILL_AUTH_URL: 'https://127.0.0.1:9',
};

/** A CODEF account's public key as CODEF shows it: base64 of the DER SubjectPublicKeyInfo. */
const CODEF_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

/** The real contracts and check-ups adapters, on CODEF's production service (https, port 9: nothing reaches it here). */
const REAL_CODEF = {
  INSURANCE_DATA_ADAPTER: 'codef',
  NHIS_ADAPTER: 'codef',
  CODEF_ENV: 'production',
  CODEF_CLIENT_ID: 'codef-client-id',
  CODEF_CLIENT_SECRET: 'codef-client-secret',
  CODEF_PUBLIC_KEY: CODEF_KEY,
  CODEF_API_URL: 'https://127.0.0.1:9',
  CODEF_TOKEN_URL: 'https://127.0.0.1:9/oauth/token',
  // The analysis waits for CODEF's first call (at least 180 s with codef).
  INSURANCE_DATA_TIMEOUT_MS: '200000',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(CoverageClaimsConfig, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('no sandbox adapter in production', () => {
  it('refuses a sandbox with NODE_ENV=production, naming each variable on a sandbox and the variable that allows it', () => {
    expect(problemsOf(productionEnv())).toEqual([
      'ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: ' +
        'SMS_ADAPTER=sandbox (real: solapi), FAX_ADAPTER=sandbox (real: popbill), ' +
        'INSURANCE_DATA_ADAPTER=sandbox (real: codef), NHIS_ADAPTER=sandbox (real: codef). ' +
        'Select a real adapter, or, where a sandbox is meant, set ALLOW_SANDBOX_ADAPTERS=true (every sandbox) ' +
        'or ALLOW_SANDBOX_ADAPTERS=SMS_ADAPTER,FAX_ADAPTER,INSURANCE_DATA_ADAPTER,NHIS_ADAPTER (these only)',
    ]);
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, FAX_ADAPTER: 'sandbox' })).toEqual([
      expect.stringMatching(
        /^ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: FAX_ADAPTER=sandbox \(real: popbill\), INSURANCE_DATA_ADAPTER=sandbox .* ALLOW_SANDBOX_ADAPTERS=FAX_ADAPTER,INSURANCE_DATA_ADAPTER,NHIS_ADAPTER \(these only\)$/,
      ),
    ]);
  });

  it('refuses a provider URL that is not https in production, naming it', () => {
    const allowance = { ALLOW_SANDBOX_ADAPTERS: 'INSURANCE_DATA_ADAPTER,NHIS_ADAPTER' };
    const clear = {
      SOLAPI_BASE_URL: 'http://api.solapi.com',
      POPBILL_BASE_URL: 'http://popbill.linkhub.co.kr',
      POPBILL_AUTH_URL: 'http://auth.linkhub.co.kr',
      CODEF_API_URL: 'http://api.codef.io',
      CODEF_TOKEN_URL: 'http://oauth.codef.io/oauth/token',
    };
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...allowance, ...clear })).toEqual([
      'SOLAPI_BASE_URL: must be an https URL in production',
      'POPBILL_BASE_URL: must be an https URL in production',
      'POPBILL_AUTH_URL: must be an https URL in production',
      'CODEF_API_URL: must be an https URL in production',
      'CODEF_TOKEN_URL: must be an https URL in production',
    ]);
    expect(problemsOf({ ...REAL_SMS_AND_FAX, ...clear })).toEqual([]);
  });

  it("refuses Popbill's test bed in production as it refuses the fax sandbox: it faxes nothing", () => {
    const allowance = { ALLOW_SANDBOX_ADAPTERS: 'INSURANCE_DATA_ADAPTER,NHIS_ADAPTER' };
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...allowance, POPBILL_IS_TEST: 'true' })).toEqual([
      'ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: ' +
        'FAX_ADAPTER=popbill with POPBILL_IS_TEST=true (Popbill’s test bed, which faxes nothing: set POPBILL_IS_TEST=false). ' +
        'Select a real adapter, or, where a sandbox is meant, set ALLOW_SANDBOX_ADAPTERS=true (every sandbox) ' +
        'or ALLOW_SANDBOX_ADAPTERS=FAX_ADAPTER (these only)',
    ]);
    // POPBILL_IS_TEST defaults to the test bed: production must say false.
    const { POPBILL_IS_TEST: _production, ...unset } = REAL_SMS_AND_FAX;
    expect(problemsOf({ ...productionEnv(), ...unset, ...allowance })).toHaveLength(1);
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...allowance })).toEqual([]);
  });

  it("refuses CODEF's sandbox in production as it refuses a sandbox: it answers fixed samples", () => {
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...REAL_CODEF, CODEF_ENV: 'sandbox' })).toEqual([
      'ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: ' +
        'INSURANCE_DATA_ADAPTER=codef with CODEF_ENV=sandbox (CODEF’s sandbox, which answers fixed samples: set CODEF_ENV=production), ' +
        'NHIS_ADAPTER=codef with CODEF_ENV=sandbox (CODEF’s sandbox, which answers fixed samples: set CODEF_ENV=production). ' +
        'Select a real adapter, or, where a sandbox is meant, set ALLOW_SANDBOX_ADAPTERS=true (every sandbox) ' +
        'or ALLOW_SANDBOX_ADAPTERS=INSURANCE_DATA_ADAPTER,NHIS_ADAPTER (these only)',
    ]);
    // One adapter on CODEF's sandbox, the other on the sandbox: both named, each as what it is.
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...REAL_CODEF, CODEF_ENV: 'sandbox', NHIS_ADAPTER: 'sandbox' })).toEqual([
      expect.stringContaining(
        'INSURANCE_DATA_ADAPTER=codef with CODEF_ENV=sandbox (CODEF’s sandbox, which answers fixed samples: set CODEF_ENV=production), NHIS_ADAPTER=sandbox (real: codef).',
      ),
    ]);
    const allowed = { ...productionEnv(), ...REAL_SMS_AND_FAX, ...REAL_CODEF, CODEF_ENV: 'sandbox' };
    expect(problemsOf({ ...allowed, ALLOW_SANDBOX_ADAPTERS: 'INSURANCE_DATA_ADAPTER,NHIS_ADAPTER' })).toEqual([]);
    // Demo is CODEF's real data (a small quota): reached, so not refused.
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...REAL_CODEF, CODEF_ENV: 'demo' })).toEqual([]);
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...REAL_CODEF })).toEqual([]);
  });

  it('requires the CODEF variables with either codef adapter, and reads the public key as an RSA key', () => {
    const required = 'required with INSURANCE_DATA_ADAPTER=codef or NHIS_ADAPTER=codef';
    for (const adapter of ['INSURANCE_DATA_ADAPTER', 'NHIS_ADAPTER'])
      expect(problemsOf({ [adapter]: 'codef', INSURANCE_DATA_TIMEOUT_MS: '200000' })).toEqual([
        `CODEF_ENV: must be sandbox, demo or production (${required})`,
        `CODEF_CLIENT_ID: is ${required}`,
        `CODEF_CLIENT_SECRET: is ${required}`,
        `CODEF_PUBLIC_KEY: must be the RSA public key CODEF shows for the account (base64, or PEM) (${required})`,
      ]);
    const { INSURANCE_DATA_ADAPTER: _contracts, NHIS_ADAPTER: _checkups, INSURANCE_DATA_TIMEOUT_MS: _wait, ...codef } = REAL_CODEF;
    const nhis = { ...codef, NHIS_ADAPTER: 'codef' };
    expect(problemsOf(nhis)).toEqual([]);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    for (const key of [ec, 'bm90IGEga2V5', CODEF_KEY.slice(0, 100)])
      expect(problemsOf({ ...nhis, CODEF_PUBLIC_KEY: key })).toEqual([
        `CODEF_PUBLIC_KEY: must be the RSA public key CODEF shows for the account (base64, or PEM) (${required})`,
      ]);
    const pem = `-----BEGIN PUBLIC KEY-----\n${CODEF_KEY.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    expect(problemsOf({ ...nhis, CODEF_PUBLIC_KEY: pem })).toEqual([]);
    expect(problemsOf({ ...nhis, CODEF_ENV: 'live' })).toEqual([`CODEF_ENV: must be sandbox, demo or production (${required})`]);
    // Without a codef adapter nothing of CODEF is asked for.
    expect(problemsOf({ CODEF_ENV: 'live' })).toEqual([]);
  });

  it('starts on every sandbox with ALLOW_SANDBOX_ADAPTERS=true (the dev overlay, the compose stack)', () => {
    const config = loadConfig(CoverageClaimsConfig, { ...productionEnv(), ALLOW_SANDBOX_ADAPTERS: 'true' });
    expect(config).toMatchObject({ SMS_ADAPTER: 'sandbox', FAX_ADAPTER: 'sandbox', ALLOW_SANDBOX_ADAPTERS: true });
  });

  it('allows only the sandboxes a list names (the prod overlay: contracts and check-ups, until they have a real adapter)', () => {
    const allowance = { ALLOW_SANDBOX_ADAPTERS: 'INSURANCE_DATA_ADAPTER, NHIS_ADAPTER' };
    const config = loadConfig(CoverageClaimsConfig, { ...productionEnv(), ...REAL_SMS_AND_FAX, ...allowance });
    expect(config).toMatchObject({
      SMS_ADAPTER: 'solapi',
      FAX_ADAPTER: 'popbill',
      INSURANCE_DATA_ADAPTER: 'sandbox',
      ALLOW_SANDBOX_ADAPTERS: ['INSURANCE_DATA_ADAPTER', 'NHIS_ADAPTER'],
    });
    expect(problemsOf({ ...productionEnv(), ...REAL_SMS_AND_FAX, ...allowance, SMS_ADAPTER: 'sandbox' })).toEqual([
      expect.stringMatching(
        /^ALLOW_SANDBOX_ADAPTERS: .*: SMS_ADAPTER=sandbox \(real: solapi\)\. .* ALLOW_SANDBOX_ADAPTERS=SMS_ADAPTER \(these only\)$/,
      ),
    ]);
  });

  it('refuses an allowance that is neither a boolean nor a list of adapter variables, in any environment', () => {
    const form =
      'ALLOW_SANDBOX_ADAPTERS: must be true, false, or a comma-separated list of the adapter variables whose sandbox is allowed (SMS_ADAPTER, FAX_ADAPTER, INSURANCE_DATA_ADAPTER, NHIS_ADAPTER)';
    expect(problemsOf({ ALLOW_SANDBOX_ADAPTERS: 'SMS' })).toEqual([form]);
    expect(problemsOf({ ALLOW_SANDBOX_ADAPTERS: ',' })).toEqual([form]);
    expect(problemsOf({ ...productionEnv(), ALLOW_SANDBOX_ADAPTERS: 'maybe' })).toEqual([form]);
  });

  it('lets every sandbox run outside production with nothing set (npm start, the tests)', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
  });

  describe('the built service', () => {
    let server: PostgresServer;
    let database: string;
    let dataDir: string;

    beforeAll(async () => {
      server = await acquirePostgresServer(process.env.TEST_PG_SERVER_URL);
      database = `t_${process.env.TEST_RUN_ID}_production_adapters_${randomBytes(3).toString('hex')}`;
      await server.createDatabase(database, templateName(process.env.TEST_RUN_ID!, 'coverage_claims'));
      dataDir = await mkdtemp(path.join(tmpdir(), 'production-adapters-'));
    });
    afterAll(async () => {
      await server.dropDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
    });

    /** The environment of the built service as production runs it, on its own database. */
    const serviceEnv = (port: number, env: Record<string, string>) => ({
      ...productionEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: server.urlFor(database),
      MIGRATIONS_RUN: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    });

    /** The built service (node dist/apps/coverage-claims/src/main.js), expected to stop before it listens. */
    const start = async (env: Record<string, string>) => spawnService('coverage-claims', serviceEnv(await freePort(), env));

    /** The built service, once it is ready. */
    const serve = (env: Record<string, string>) => startService('coverage-claims', ([port]) => serviceEnv(port, env));

    it('exits 1 on a sandbox adapter, with the refusal as its only configuration problem', async () => {
      const service = await start({ SMS_ADAPTER: 'sandbox' });
      expect(await service.exited).toBe(1);
      const lines = service.output().trimEnd().split('\n');
      expect(lines).toEqual([
        'coverage-claims: Invalid configuration:',
        expect.stringMatching(
          /^ {2}- ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: SMS_ADAPTER=sandbox/,
        ),
      ]);
    });

    it('exits 1 when CODEF refuses the client id and secret at start-up, naming them; starts with the right ones', async () => {
      const codef = await CodefFake.start();
      try {
        // NODE_ENV=development: the fake is http, which production refuses.
        const env = {
          NODE_ENV: 'development',
          ...codef.env(),
          INSURANCE_DATA_ADAPTER: 'codef',
          NHIS_ADAPTER: 'codef',
          INSURANCE_DATA_TIMEOUT_MS: '200000',
        };
        const refused = await start({ ...env, CODEF_CLIENT_SECRET: 'not-the-codef-secret' });
        // A service that starts anyway is stopped, not left running past the test.
        const code = await Promise.race([refused.exited, sleep(15_000, 'still running')]);
        refused.child.kill('SIGTERM');
        expect(code).toBe(1);
        const output = refused.output();
        expect(output).toContain(
          "coverage-claims: failed to start: Error: CODEF refused this service's client at start-up (CODEF_ENV=demo): " +
            "CODEF's OAuth service refused the client (401 invalid_client): check CODEF_CLIENT_ID and CODEF_CLIENT_SECRET",
        );
        expect(output).not.toContain('not-the-codef-secret');
        expect(codef.tokensRefused).toBe(1);
        const { service } = await serve(env);
        service.child.kill('SIGTERM');
        expect(await service.exited).toBe(0);
        // One client for both adapters: one token.
        expect(codef.tokensIssued).toBe(1);
      } finally {
        await codef.close();
      }
    }, 60_000);

    it('starts and serves with ALLOW_SANDBOX_ADAPTERS=true, and drains on SIGTERM', async () => {
      const { service } = await serve({ SMS_ADAPTER: 'sandbox', ALLOW_SANDBOX_ADAPTERS: 'true' });
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    });
  });
});

describe('the sandbox messages route with a real SMS adapter', () => {
  let app: CoverageClaimsTestApp;
  const MESSAGES = '/api/v1/admin/sandbox/messages';
  const UNKNOWN = '/api/v1/admin/sandbox/unknown';

  beforeAll(async () => {
    app = await startCoverageClaims({ env: REAL_SMS });
  });
  afterAll(() => app?.close());

  /** Status, body (the path in `detail` left out) and header names of an answer: what a caller could tell apart. */
  async function seen(target: string, key?: string) {
    const call = request(app.url).get(target);
    const response = await (key === undefined ? call : call.set('X-API-Key', key));
    return {
      status: response.status,
      body: { ...response.body, requestId: 'id', detail: (response.body.detail as string).replace(target, '<path>') },
      headers: Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
        .sort(),
    };
  }

  it('does not exist: it answers as a path nothing serves, to an operator and to a caller without a key', async () => {
    for (const key of [OPERATOR_KEY, undefined]) {
      const messages = await seen(MESSAGES, key);
      expect(messages.status).toBe(404);
      expect(messages).toEqual(await seen(UNKNOWN, key));
    }
    await request(app.url).get(MESSAGES).query({ phone: '010-1234-5678' }).set('X-API-Key', OPERATOR_KEY).expect(404);
  });

  it('is not in the OpenAPI document the service serves', async () => {
    const document = (await request(app.url).get('/docs/openapi.json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain(MESSAGES);
    expect(Object.keys(document.paths)).toContain('/api/v1/admin/organisations');
  });
});
