import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// No source file over 600 lines: a file that grows past it is split by what it holds (a spec per
// concern, a fake's parts per product, shared set-up in test support), not cut at the line. The
// OpenAPI documents and generated clients are not source.

const MAX_LINES = 600;
const REPO = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = ['*.ts', '*.tsx', '*.mjs', '*.js', '*.sql'];
const GENERATED = [/^openapi\//, /(^|\/)generated\//];

/** The source files git tracks or would add (untracked but not ignored), generated ones left out. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SOURCE], {
    cwd: REPO,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file !== '' && !GENERATED.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(REPO, file)));
}

/** Lines as `wc -l` counts them: newline characters. */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

function oversized(files: Array<{ file: string; text: string }>): string[] {
  return files.filter(({ text }) => lineCount(text) > MAX_LINES).map(({ file, text }) => `${file}: ${lineCount(text)} lines`);
}

describe('source file size', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer (generated files and the OpenAPI documents aside)`, () => {
    const files = sourceFiles();
    // The listing found the tree: both services, the libraries, the console, the scripts and the SQL.
    for (const part of [
      /^apps\/coverage-claims\/src\//,
      /^apps\/lead-distribution\/src\//,
      /^libs\//,
      /^apps\/console\/.*\.tsx$/,
      /^scripts\//,
      /\.sql$/,
    ])
      expect(files.some((file) => part.test(file))).toBe(true);
    expect(oversized(files.map((file) => ({ file, text: readFileSync(path.join(REPO, file), 'utf8') })))).toEqual([]);
  });

  it('names a file of 601 lines and passes one of 600, counting lines as wc -l does', () => {
    const lines = (count: number) => 'x\n'.repeat(count);
    expect(
      oversized([
        { file: 'a.ts', text: lines(600) },
        { file: 'b.ts', text: lines(601) },
        { file: 'c.sql', text: `${lines(600)}x` },
      ]),
    ).toEqual(['b.ts: 601 lines']);
  });
});
