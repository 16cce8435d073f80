import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default async function globalTeardown() {
  await globalThis.__testPostgres?.stop();
  await reportResponseValidation();
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Sums the tallies every test app wrote when it closed (test/support/response-validation.ts, one JSON
 * line each) and prints the run's figures per service: responses checked against the committed
 * OpenAPI document, mismatches, responses skipped (routes the document does not describe), and the
 * documented operations no test called.
 */
async function reportResponseValidation() {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) return;
  const file = path.join(tmpdir(), `response-validation-${runId}.jsonl`);
  const text = await readFile(file, 'utf8').catch(() => '');
  await rm(file, { force: true });
  if (text === '') return;
  const totals = new Map();
  for (const line of text.split('\n').filter(Boolean)) {
    const { service, operations, ...counts } = JSON.parse(line);
    const total = totals.get(service) ?? { apps: 0, validated: 0, binary: 0, skipped: 0, mismatched: 0, operations: new Set() };
    total.apps += 1;
    for (const [key, value] of Object.entries(counts)) total[key] += value;
    for (const operation of operations) total.operations.add(operation);
    totals.set(service, total);
  }
  const lines = [];
  for (const [service, t] of totals) {
    const documented = await documentedOperations(service);
    const unseen = documented.filter((operation) => !t.operations.has(operation));
    lines.push(
      `  ${service}: ${t.validated} responses validated (${t.binary} binary bodies: status and content type only), ` +
        `${t.mismatched} mismatches, ${t.skipped} skipped (routes not in the document); ` +
        `${documented.length - unseen.length} of ${documented.length} operations answered` +
        // A run of a few files leaves most operations out: the list is worth reading for the whole suite.
        (unseen.length > 0 && unseen.length <= 10 ? ` (never: ${unseen.join(', ')})` : ''),
    );
  }
  process.stdout.write(`\nResponses checked against the committed OpenAPI documents:\n${lines.join('\n')}\n`);
}

async function documentedOperations(service) {
  const text = await readFile(path.resolve('openapi', `${service}.json`), 'utf8').catch(() => '{"paths":{}}');
  const { paths } = JSON.parse(text);
  return Object.entries(paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${template}`),
  );
}
