import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCESS_RECORDS_SQL } from '../src/access-records/access-records-sql.js';

/** The SHA-256 of every shipped version (a change is a new file and a new migration: sql/README.md). */
const SHIPPED: Record<string, string> = {
  'access_records_guard.v1.sql': 'f22d7179346defce2ebf0444217ff97208ebb2d79fd36ac43183ee073d23c0be',
  'access_records_sweep.v1.sql': '67a93e2558e040b18701fe118184786f897d67146d714b9f1b12566400764810',
};

const FOLDER = new URL('../src/access-records/sql/', import.meta.url);
const onDisk = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.sql'))
  .sort();

describe("the access records' database functions and triggers", () => {
  it('every file is listed and pinned', () => {
    expect(
      Object.values(ACCESS_RECORDS_SQL)
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
