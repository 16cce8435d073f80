import { readFileSync } from 'node:fs';
import type { QueryRunner } from 'typeorm';

/**
 * The one loader of database functions and triggers, kept as versioned files in their owner's `sql/`
 * folder (`<feature>/sql/<function>.v<N>.sql`, README.md beside). Each feature lists its files in
 * `<feature>/sql/<feature>-sql.ts`, each a URL of a literal file name relative to import.meta.url:
 * `npm run build` copies the files beside the compiled module (scripts/copy-sql.ts) and an image's
 * bundle finds them by that literal (scripts/app-bundle.ts). A shipped file is frozen: a test pins
 * its SHA-256.
 */
export function sqlFileText(file: URL): string {
  return readFileSync(file, 'utf8');
}

/** Runs the statements of one file (a function, and the triggers that call it), as a migration's step. */
export async function runSqlFile(queryRunner: QueryRunner, file: URL): Promise<void> {
  await queryRunner.query(sqlFileText(file));
}
