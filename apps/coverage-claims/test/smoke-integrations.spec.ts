import { spawn } from 'node:child_process';
import { CODEF_FAKE_CHECKUP_YEARS, CodefFake } from './support/fakes/codef-fake.js';
import { PopbillFake, popbillFakeEnv } from './support/fakes/popbill-fake.js';
import { SolapiFake } from './support/fakes/solapi-fake.js';
import { clockEnvironment } from '../../../test/support/service-process.js';

/** `npm run smoke:integrations` (scripts/smoke-integrations.ts), run as operators run it, against the providers' fakes. */
function smoke(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['dist/scripts/smoke-integrations.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...clockEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run smoke:integrations', () => {
  let solapi: SolapiFake;
  const popbill = new PopbillFake({ stepMs: 0 });
  let popbillUrl: string;
  let codef: CodefFake;

  beforeAll(async () => {
    solapi = await SolapiFake.start();
    popbillUrl = await popbill.start();
    codef = await CodefFake.start();
  });
  afterAll(async () => {
    await solapi.close();
    await popbill.close();
    await codef.close();
  });

  /** CODEF's credentials, the API pointed at the fake; CODEF_ENV left for the smoke to default (sandbox). */
  const codefEnv = () => {
    const { CODEF_ENV: _demo, ...env } = codef.env();
    return env;
  };

  it('skips each check whose credentials are not in the environment, says which variables to set, and exits 0', async () => {
    const { code, output } = await smoke({});
    expect(output).toContain('SMS: skipped (set SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER, SMOKE_SMS_TO)');
    expect(output).toContain('fax: skipped (set POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM, POPBILL_SENDER_NUM, SMOKE_FAX_TO)');
    expect(output).toContain('CODEF: skipped (set CODEF_CLIENT_ID, CODEF_CLIENT_SECRET, CODEF_PUBLIC_KEY)');
    expect(code).toBe(0);
  });

  it('calls each CODEF product once on the sandbox (by default) with sample inputs, prints what it read, and exits 0', async () => {
    const before = codef.requests.length;
    const { code, output } = await smoke(codefEnv());
    const where = String.raw`CODEF sandbox \(http://127\.0\.0\.1:\d+\)`;
    // As the analysis reads them: the fake's three flat-rate and two 실손 entries are four contracts (one policy in both).
    expect(output).toMatch(new RegExp(`CODEF: contracts from ${where}: 4 contracts\n`));
    expect(output).toContain('  CODEF_N10 (무)한결 든든건강보험(18.04) ACTIVE 20180612–20930612 98400원 MONTHLY 8 coverages');
    expect(output).toContain('  CODEF_L18 무배당 누리 평생든든종신보험(2종) SURRENDERED 20121031–99991231 76000원 MONTHLY 1 coverages');
    const { earlier, latest } = CODEF_FAKE_CHECKUP_YEARS;
    expect(output).toMatch(new RegExp(`CODEF: check-ups from ${where}: 2 check-ups \\(parsed; years ${earlier}, ${latest}\\)`));
    expect(output).toContain(`  ${latest}-11-05 한빛내과의원: HEIGHT 172.4 cm, WEIGHT 70.2 kg,`);
    expect(output).toContain('SYSTOLIC_BP 128 mmHg, DIASTOLIC_BP 82 mmHg, URINE_PROTEIN 음성,');
    const calls = codef.requests.slice(before);
    expect(calls.map((call) => [call.product, call.code])).toEqual([
      ['contracts', 'CF-00000'],
      ['checkups', 'CF-00000'],
    ]);
    // The sample password reached CODEF encrypted with the account's key.
    expect(calls[0]!.params.password).toBe('smoke_password');
    expect(output).not.toContain(codef.client.secret);
    expect(code).toBe(0);
  });

  it('outside the sandbox checks only that CODEF issues a token to the keys: no sample person reaches a real institution', async () => {
    const before = { requests: codef.requests.length, tokens: codef.tokensIssued };
    const { code, output } = await smoke({ ...codefEnv(), CODEF_ENV: 'demo' });
    expect(output).toMatch(/CODEF: CODEF demo \(http:\/\/127\.0\.0\.1:\d+\) issued a token to these keys; no product called/);
    expect(codef.requests.length).toBe(before.requests);
    expect(codef.tokensIssued).toBe(before.tokens + 1);
    expect(code).toBe(0);
    const refused = await smoke({ ...codefEnv(), CODEF_ENV: 'production', CODEF_CLIENT_SECRET: 'not-the-secret' });
    expect(refused.output).toMatch(/CODEF: token FAILED from CODEF production .*CONFIGURATION: .*CODEF_CLIENT_SECRET/);
    expect(refused.code).toBe(1);
  });

  it('exits 1 when CODEF refuses a product, naming the code and what it means', async () => {
    codef.failNext('CF-00004', { product: 'checkups' });
    const { code, output } = await smoke(codefEnv());
    expect(output).toMatch(/CODEF: contracts from CODEF sandbox .*: 4 contracts\n/);
    expect(output).toMatch(/CODEF: check-ups FAILED from CODEF sandbox .*: CONFIGURATION: CODEF CF-00004 .*check CODEF_ENV/);
    expect(code).toBe(1);
  });

  it('sends one SMS and one fax when they are, prints what it did, and exits 0', async () => {
    const { code, output } = await smoke({
      ...solapi.env,
      SMOKE_SMS_TO: '010-1234-5678',
      ...popbillFakeEnv(popbillUrl),
      SMOKE_FAX_TO: '0505181234',
    });
    expect(output).toMatch(/SMS: sent through SOLAPI \(http:\/\/127\.0\.0\.1:\d+\) to 010-\*\*\*\*-5678: message \S+/);
    expect(solapi.messages.map((message) => message.to)).toEqual(['01012345678']);
    expect(output).toContain("fax: a request number Popbill's test bed never saw is UNKNOWN (as the adapter expects)");
    expect(output).toMatch(/fax: handed to Popbill's test bed for 0505181234: request smoke-\S+, receipt \S+; waiting for its result/);
    expect(output).toMatch(/fax: SENT by Popbill's test bed \(job \S+\)/);
    expect(popbill.transmissionsTo('0505181234')).toBe(1);
    expect(output).not.toContain(solapi.account.apiSecret);
    expect(code).toBe(0);
  });

  it('exits 1 when a check that ran failed (SOLAPI refuses the number)', async () => {
    solapi.refuse('01099990000');
    const { code, output } = await smoke({
      ...solapi.env,
      SMOKE_SMS_TO: '01099990000',
    });
    expect(output).toMatch(/SMS: FAILED through SOLAPI .* to 010-\*\*\*\*-0000: SOLAPI refused the message/);
    expect(output).toContain('fax: skipped');
    expect(code).toBe(1);
  });
});
