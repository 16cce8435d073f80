import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPERATORS_SQL } from '../src/operators/operators-sql.js';

/** The SHA-256 of every shipped version (a change is a new file and a new migration: sql/README.md). */
const SHIPPED: Record<string, string> = {
  'operator_account_history_guard.v1.sql': 'c7994223eef1a04b2bc97b8c72d8f75bcd5c5d2796a5fb9d853ca55f9079d377',
};

const FOLDER = new URL('../src/operators/sql/', import.meta.url);
const onDisk = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.sql'))
  .sort();

describe("the operators' database functions and triggers", () => {
  it('every file is listed and pinned', () => {
    expect(
      Object.values(OPERATORS_SQL)
        .map((file) => fileURLToPath(file).slice(fileURLToPath(FOLDER).length))
        .sort(),
    ).toEqual(onDisk);
    expect(Object.keys(SHIPPED).sort()).toEqual(onDisk);
  });

  it.each(onDisk)('a shipped version is frozen: %s', (file) => {
    expect(
      createHash('sha256')
        .update(readFileSync(new URL(file, FOLDER)))
        .digest('hex'),
    ).toBe(SHIPPED[file]);
  });
});
