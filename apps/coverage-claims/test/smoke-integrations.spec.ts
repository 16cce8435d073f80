import { spawn } from 'node:child_process';
import { PopbillFake, popbillFakeEnv } from './support/fakes/popbill-fake.js';
import { SolapiFake } from './support/fakes/solapi-fake.js';

/** `npm run smoke:integrations` (scripts/smoke-integrations.ts), run as operators run it, against the providers' fakes. */
function smoke(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['dist/scripts/smoke-integrations.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
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

  beforeAll(async () => {
    solapi = await SolapiFake.start();
    popbillUrl = await popbill.start();
  });
  afterAll(async () => {
    await solapi.close();
    await popbill.close();
  });

  it('skips each check whose credentials are not in the environment, says which variables to set, and exits 0', async () => {
    const { code, output } = await smoke({});
    expect(output).toContain('SMS: skipped (set SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER, SMOKE_SMS_TO)');
    expect(output).toContain('fax: skipped (set POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM, POPBILL_SENDER_NUM, SMOKE_FAX_TO)');
    expect(code).toBe(0);
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
