import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsoleLogger } from '@nestjs/common';
import { Gender, NhisAuthProvider } from '#contracts';
import { loadConfig, maskPhoneDigits } from '#platform';
import { CoverageClaimsConfig } from '../apps/coverage-claims/src/config/coverage-claims.config.js';
import { CODEF_API_URLS, CodefError } from '../apps/coverage-claims/src/integrations/codef/codef-client.js';
import { codefClientFromConfig } from '../apps/coverage-claims/src/integrations/codef/codef.module.js';
import { CodefInsuranceDataAdapter } from '../apps/coverage-claims/src/integrations/insurance-data/codef/codef-insurance-data.adapter.js';
import { CodefNhisAdapter } from '../apps/coverage-claims/src/integrations/nhis/codef/codef-nhis.adapter.js';
import { NhisApproval } from '../apps/coverage-claims/src/integrations/nhis/nhis.port.js';
import { PopbillFaxAdapter } from '../apps/coverage-claims/src/integrations/fax/popbill/popbill-fax.adapter.js';
import type { FaxResult } from '../apps/coverage-claims/src/integrations/fax/fax.port.js';
import { SolapiSmsAdapter } from '../apps/coverage-claims/src/integrations/sms/solapi/solapi-sms.adapter.js';
import { A4Document, FAX_FRAME } from '../apps/coverage-claims/src/pdf/pdf-document.js';
import { loadPdfFonts } from '../apps/coverage-claims/src/pdf/pdf-fonts.js';
import { FONT } from '../apps/coverage-claims/src/pdf/pdf-layout.js';

const USAGE = `npm run smoke:integrations — a live check of coverage-claims' real adapters (never run in CI).

Sends one SMS through SOLAPI and one one-page fax through Popbill, and calls CODEF's contracts and
check-ups products once each, each only when its credentials (and its recipient) are in the
environment, and prints what it did and what it skipped:
  SMS    SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER (a registered sender number) and SMOKE_SMS_TO
  fax    POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM, POPBILL_SENDER_NUM and SMOKE_FAX_TO
         (Popbill's test bed unless POPBILL_IS_TEST=false; the fax's result is awaited up to
         SMOKE_FAX_WAIT_SECONDS, 180 by default)
  CODEF  CODEF_CLIENT_ID, CODEF_CLIENT_SECRET and CODEF_PUBLIC_KEY of the sandbox (CODEF_ENV=sandbox
         unless set: fixed samples for sample inputs, no second step); prints what the analysis and
         the medical report would read of them
The other variables are read as the service reads them (SOLAPI_BASE_URL, POPBILL_BASE_URL, timeouts, ...).
Exit status: 0 when every check that ran passed (a skipped check is not a failure), 1 otherwise.`;

type Outcome = 'passed' | 'failed' | 'skipped';

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const sms = missing(SMS_VARIABLES);
  const fax = missing(FAX_VARIABLES);
  const codef = missing(CODEF_VARIABLES);
  // The service's own validation, with the real adapters selected for the checks that run, so that
  // their variables are checked as the service checks them.
  const config = loadConfig(CoverageClaimsConfig, {
    ...process.env,
    NODE_ENV: 'development',
    SMS_ADAPTER: sms.length === 0 ? 'solapi' : 'sandbox',
    FAX_ADAPTER: fax.length === 0 ? 'popbill' : 'sandbox',
    ...(codef.length === 0
      ? {
          INSURANCE_DATA_ADAPTER: 'codef',
          NHIS_ADAPTER: 'codef',
          CODEF_ENV: process.env.CODEF_ENV ?? 'sandbox',
          // Not used here; the service's rule for codef (it must cover CODEF's first call) is met.
          INSURANCE_DATA_TIMEOUT_MS: '300000',
        }
      : {}),
  });
  const logger = new ConsoleLogger('smoke', { json: true });
  const outcomes: Outcome[] = [];
  if (sms.length > 0) {
    console.log(`SMS: skipped (set ${sms.join(', ')})`);
    outcomes.push('skipped');
  } else outcomes.push(await smokeSms(config, logger));
  if (fax.length > 0) {
    console.log(`fax: skipped (set ${fax.join(', ')})`);
    outcomes.push('skipped');
  } else outcomes.push(await smokeFax(config));
  if (codef.length > 0) {
    console.log(`CODEF: skipped (set ${codef.join(', ')})`);
    outcomes.push('skipped');
  } else outcomes.push(await smokeCodef(config, logger));
  return outcomes.includes('failed') ? 1 : 0;
}

const SMS_VARIABLES = ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_SENDER', 'SMOKE_SMS_TO'];
const FAX_VARIABLES = ['POPBILL_LINK_ID', 'POPBILL_SECRET_KEY', 'POPBILL_CORP_NUM', 'POPBILL_SENDER_NUM', 'SMOKE_FAX_TO'];

const CODEF_VARIABLES = ['CODEF_CLIENT_ID', 'CODEF_CLIENT_SECRET', 'CODEF_PUBLIC_KEY'];

function missing(names: readonly string[]): string[] {
  return names.filter((name) => !process.env[name]);
}

async function smokeSms(config: CoverageClaimsConfig, logger: ConsoleLogger): Promise<Outcome> {
  const to = process.env.SMOKE_SMS_TO!.replace(/\D/g, '');
  const sender = new SolapiSmsAdapter(config, logger);
  const text = `[${config.SMS_SERVICE_NAME}] 연동 점검 문자입니다. 회신하지 마세요.`;
  try {
    const { messageId } = await sender.send({ to, text, reference: `smoke-${Date.now()}` });
    console.log(`SMS: sent through SOLAPI (${config.SOLAPI_BASE_URL}) to ${maskPhoneDigits(to)}: message ${messageId}`);
    return 'passed';
  } catch (error) {
    console.log(
      `SMS: FAILED through SOLAPI (${config.SOLAPI_BASE_URL}) to ${maskPhoneDigits(to)}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'failed';
  }
}

async function smokeFax(config: CoverageClaimsConfig): Promise<Outcome> {
  const to = process.env.SMOKE_FAX_TO!.replace(/\D/g, '');
  const bed = config.POPBILL_IS_TEST ? "Popbill's test bed" : 'Popbill PRODUCTION';
  const fax = PopbillFaxAdapter.fromConfig(config);
  // What the gateway answers for a request number it never saw (the adapter's UNKNOWN rests on its code).
  try {
    const unseen = await fax.resultOf(`smoke-unseen-${randomBytes(6).toString('hex')}`, AbortSignal.timeout(config.POPBILL_TIMEOUT_MS));
    console.log(
      `fax: a request number ${bed} never saw is ${unseen.state}${unseen.state === 'UNKNOWN' ? ' (as the adapter expects)' : ': check REQUEST_NUM_NOT_FOUND in popbill-codes.ts'}`,
    );
  } catch (error) {
    console.log(
      `fax: a request number ${bed} never saw got no clear answer (${error instanceof Error ? error.message : String(error)}): check REQUEST_NUM_NOT_FOUND in popbill-codes.ts`,
    );
  }
  const requestId = `smoke-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const pdf = await onePagePdf(requestId);
  const signal = AbortSignal.timeout(config.POPBILL_TIMEOUT_MS);
  const submitted = await fax.submit({ to, pdf, pages: 1, reference: requestId, title: '연동 점검' }, requestId, signal);
  if (submitted.outcome !== 'ACCEPTED') {
    console.log(`fax: FAILED, ${bed} did not accept it (${submitted.outcome}: ${submitted.message}); request ${requestId}`);
    return 'failed';
  }
  console.log(`fax: handed to ${bed} for ${to}: request ${requestId}, receipt ${submitted.receiptId}; waiting for its result`);
  const waitSeconds = Number(process.env.SMOKE_FAX_WAIT_SECONDS ?? 180);
  const until = Date.now() + waitSeconds * 1000;
  let result: FaxResult = { state: 'PENDING' };
  for (;;) {
    try {
      result = await fax.resultOf(requestId, AbortSignal.timeout(config.POPBILL_TIMEOUT_MS));
    } catch (error) {
      console.log(`fax: result check got no answer (${error instanceof Error ? error.message : String(error)}); asking again`);
    }
    if (result.state === 'SENT' || result.state === 'FAILED' || Date.now() > until) break;
    await sleep(5_000);
  }
  switch (result.state) {
    case 'SENT':
      console.log(`fax: SENT by ${bed} (job ${result.jobId})`);
      return 'passed';
    case 'FAILED':
      console.log(`fax: FAILED at ${bed}: ${result.kind}: ${result.message}`);
      return 'failed';
    default:
      console.log(`fax: no final result after ${waitSeconds} s (${result.state}); look up request ${requestId} in Popbill`);
      return 'failed';
  }
}

/**
 * CODEF with the environment's keys. On CODEF's sandbox (the default here), each product once through
 * the service's own adapters with sample inputs: the sandbox checks the parameters the adapters send
 * and answers its fixed samples, which are printed as the analysis and the medical report read them.
 * On demo or production the sample person would be a real one's name at a real institution (an NHIS
 * request could reach a stranger's phone), so only the keys are checked there: CODEF issues a token.
 */
async function smokeCodef(config: CoverageClaimsConfig, logger: ConsoleLogger): Promise<Outcome> {
  const client = codefClientFromConfig(config, undefined, logger)!;
  const where = `CODEF ${config.CODEF_ENV} (${config.CODEF_API_URL ?? CODEF_API_URLS[config.CODEF_ENV!]})`;
  if (config.CODEF_ENV !== 'sandbox') {
    try {
      await client.checkCredentials();
      console.log(`CODEF: ${where} issued a token to these keys; no product called (outside the sandbox they reach real people)`);
      return 'passed';
    } catch (error) {
      console.log(`CODEF: token FAILED from ${where}: ${reasonOf(error)}`);
      return 'failed';
    }
  }
  const customer = { name: '홍길동', birthDate: '19820123', gender: Gender.Male, phone: '01012345678' };
  const products: Array<{ name: string; read: () => Promise<string> }> = [
    {
      name: 'contracts',
      // What the analysis reads: the contracts as the adapter gives them (both lists merged), without names.
      read: async () => {
        const lookup = await new CodefInsuranceDataAdapter(client).contractsOf(customer, {
          signIn: { id: 'smoke_user', password: 'smoke_password' },
        });
        if ('secondStep' in lookup)
          return `a second step (${lookup.secondStep.method}) was asked for, not followed (it needs a real customer)`;
        const lines = lookup.contracts.map(
          (contract) =>
            `  ${contract.insurerCode} ${contract.productName} ${contract.state} ${contract.startDate}–${contract.endDate} ` +
            `${contract.premium}원 ${contract.paymentCycle ?? '-'} ${contract.coverages.length} coverages`,
        );
        return [`${lookup.contracts.length} contracts`, ...lines].join('\n');
      },
    },
    {
      name: 'check-ups',
      // What the medical report reads: the check-ups as the adapter gives them, each measurement in the table's unit.
      read: async () => {
        const nhis = new CodefNhisAdapter(client);
        const handle = await nhis.requestAuth({ customer, provider: NhisAuthProvider.Kakao });
        const answer = await nhis.approvalOf(handle);
        if (answer.approval !== NhisApproval.Approved)
          return `a second step was asked for (${answer.approval}), not followed (it needs a real customer)`;
        const checkups = await nhis.checkupsOf(answer.handle ?? handle);
        const lines = checkups.map(
          (checkup) =>
            `  ${checkup.examinedOn} ${checkup.institution || '(no institution)'}: ${checkup.measurements
              .map((measurement) => `${measurement.code} ${measurement.value}${measurement.unit ? ` ${measurement.unit}` : ''}`)
              .join(', ')}`,
        );
        return [
          `${checkups.length} check-ups (parsed; years ${checkups.map((checkup) => checkup.year).join(', ') || 'none'})`,
          ...lines,
        ].join('\n');
      },
    },
  ];
  let outcome: Outcome = 'passed';
  for (const product of products) {
    try {
      console.log(`CODEF: ${product.name} from ${where}: ${await product.read()}`);
    } catch (error) {
      console.log(`CODEF: ${product.name} FAILED from ${where}: ${reasonOf(error)}`);
      outcome = 'failed';
    }
  }
  return outcome;
}

/** Why a CODEF check failed: the adapter's error, and CODEF's (its kind and code) behind it. */
function reasonOf(error: unknown): string {
  const codef = error instanceof CodefError ? error : error instanceof Error && error.cause instanceof CodefError ? error.cause : undefined;
  if (codef) return `${codef.kind}: ${codef.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** A one-page A4 PDF saying what it is, in the service's own font. */
async function onePagePdf(requestId: string): Promise<Buffer> {
  const document = new A4Document(
    { title: '연동 점검', subject: 'coverage-claims smoke:integrations', createdAt: new Date() },
    await loadPdfFonts(),
  );
  document.doc.font(FONT.regular).fontSize(14).text('coverage-claims 팩스 연동 점검입니다. 이 문서는 버려 주세요.');
  document.doc.fontSize(10).text(`요청 번호 ${requestId}, ${new Date().toISOString()}`);
  return document.finish({
    title: '연동 점검',
    caption: 'smoke:integrations',
    footer: 'coverage-claims',
    style: FAX_FRAME,
  });
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
