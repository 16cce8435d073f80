import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCESS_RECORDS_SQL } from '../src/access-records/access-records-sql.js';
import { OPERATORS_SQL } from '../src/operators/operators-sql.js';

/**
 * The platform's database functions and triggers, one sql/ folder per owner: every file is listed by
 * its owner and pinned by the SHA-256 it shipped with (a change is a new file and a new migration:
 * each folder's README.md).
 */
const FOLDERS: Array<{ owner: string; folder: URL; listed: Record<string, URL>; shipped: Record<string, string> }> = [
  {
    owner: 'access records',
    folder: new URL('../src/access-records/sql/', import.meta.url),
    listed: ACCESS_RECORDS_SQL,
    shipped: {
      'access_records_guard.v1.sql': 'f22d7179346defce2ebf0444217ff97208ebb2d79fd36ac43183ee073d23c0be',
      'access_records_sweep.v1.sql': '67a93e2558e040b18701fe118184786f897d67146d714b9f1b12566400764810',
      'access_records_append.v1.sql': '27c68fb0cd9d756aaff2581bd771b5ae848c1eb978ec5889ab0c8c65f2388dec',
      'access_records_guard.v2.sql': '640fea2723db8256172ec1f7923403fc1bc243d55387e3d2bcfc4fa39d8a67e7',
      'access_record_seals_guard.v1.sql': '6c62a48bc15baa4a464621719adf82c9093288a3ce425b5d489e309f16d6e34a',
      'access_records_sweep.v2.sql': 'b8f2cd6c356104f6f0650b282282df0977db39da4cf71ecf30aba363990440e6',
    },
  },
  {
    owner: 'operators',
    folder: new URL('../src/operators/sql/', import.meta.url),
    listed: OPERATORS_SQL,
    shipped: {
      'operator_account_history_guard.v1.sql': 'c7994223eef1a04b2bc97b8c72d8f75bcd5c5d2796a5fb9d853ca55f9079d377',
    },
  },
];

describe.each(FOLDERS)("the platform's database functions and triggers: $owner", ({ folder, listed, shipped }) => {
  const onDisk = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();

  it('every file is listed and pinned', () => {
    expect(
      Object.values(listed)
        .map((file) => fileURLToPath(file).slice(fileURLToPath(folder).length))
        .sort(),
    ).toEqual(onDisk);
    expect(Object.keys(shipped).sort()).toEqual(onDisk);
  });

  it.each(onDisk)('a shipped version is frozen: %s', (file) => {
    expect(
      createHash('sha256')
        .update(readFileSync(new URL(file, folder)))
        .digest('hex'),
    ).toBe(shipped[file]);
  });
});
