import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_PROBLEM_MESSAGES } from '../src/api/problem-messages.js';
import { CLAIM_DELIVERY_REASONS, COVERAGE_CLAIMS_PROBLEM_MESSAGES } from '../src/coverage-claims/problem-messages.js';
import { LEAD_DISTRIBUTION_PROBLEM_MESSAGES } from '../src/lead-distribution/problem-messages.js';

// Operators read Korean (docs/console.md): every code a service can answer has a message in the
// console's tables, and every message names a code something answers. A code added to a service
// fails here until the console can say it.

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split('/').includes('migrations'));
}

/** The captures of `patterns` in the files of `folders`, each with the first file it is in. */
function found(folders: string[], patterns: RegExp[]): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of folders.flatMap(sourceFiles)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of patterns) for (const [, code] of text.matchAll(pattern)) if (!codes.has(code!)) codes.set(code!, file);
  }
  return codes;
}

const CODE = String.raw`'([A-Z][A-Z0-9_]*)'`;
/** A feature's or the platform's declared problem (test/problem-codes.spec.ts reads the same declarations). */
const DECLARED = new RegExp(String.raw`new ProblemException\(\s*\d{3},\s*${CODE}`, 'g');
/** The platform's own: a body parser's code (`code: 'MALFORMED_JSON'`), a status's default (`404: 'NOT_FOUND'`), a body written out. */
const PLATFORM_ONLY = [
  new RegExp(String.raw`\bcode:\s*${CODE}`, 'g'),
  new RegExp(String.raw`^\s*\d{3}:\s*${CODE},?$`, 'gm'),
  new RegExp(String.raw`problemBody\(\s*\d{3},\s*${CODE}`, 'g'),
];

const platform = found(['libs/platform/src'], [DECLARED, ...PLATFORM_ONLY]);

/** The two directions: a code with no message, a message for no code. */
function compare(codes: Map<string, string>, messages: Readonly<Record<string, string>>) {
  return {
    unsaid: [...codes].filter(([code]) => !(code in messages)).map(([code, file]) => `${code} (${file})`),
    unknown: Object.keys(messages).filter((code) => !codes.has(code)),
  };
}

describe('problem codes operators read', () => {
  it('the platform: every code its answers carry, in Korean', () => {
    expect(compare(platform, PLATFORM_PROBLEM_MESSAGES)).toEqual({ unsaid: [], unknown: [] });
  });

  it.each([
    ['lead-distribution', LEAD_DISTRIBUTION_PROBLEM_MESSAGES],
    ['coverage-claims', COVERAGE_CLAIMS_PROBLEM_MESSAGES],
  ])('%s: every code its features declare, in Korean', (service, messages) => {
    // A code the platform answers too (API_KEY_INVALID: a service's keys and the operators' personal
    // keys) is said by the platform's table, once.
    const codes = new Map([...found([`apps/${service}/src`], [DECLARED])].filter(([code]) => !platform.has(code)));
    expect(compare(codes, messages)).toEqual({ unsaid: [], unknown: [] });
    // One table says a code: the service's own message never hides the platform's.
    expect(Object.keys(messages).filter((code) => code in PLATFORM_PROBLEM_MESSAGES)).toEqual([]);
  });

  it('coverage-claims: every kind a claim’s fax delivery fails with (its statusReason), in Korean', () => {
    const kinds = found(
      ['apps/coverage-claims/src/claims', 'apps/coverage-claims/src/integrations/fax'],
      [
        // FaxFailureKind's members (the gateway's kinds).
        /^\s*[A-Z]\w* = '([A-Z][A-Z0-9_]*)',$/gm,
        // Kinds of the fax's making and of the delivery: `kind: 'X'`, `new …Error('X', …)`, `recordFailure(taken, 'X', …)`.
        new RegExp(String.raw`\bkind:\s*${CODE}`, 'g'),
        new RegExp(String.raw`new \w+Error\(\s*${CODE}`, 'g'),
        new RegExp(String.raw`recordFailure\(\s*\w+,\s*${CODE}`, 'g'),
        // Reasons written out whole: `UNCONFIRMED: …`.
        /[`']([A-Z][A-Z0-9_]*): [A-Z]/g,
      ],
    );
    expect(compare(kinds, CLAIM_DELIVERY_REASONS)).toEqual({ unsaid: [], unknown: [] });
  });
});
