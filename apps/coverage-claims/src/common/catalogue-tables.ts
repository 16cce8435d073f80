import type { QueryRunner } from 'typeorm';

// What the migrations that load a reference-data version (coverage catalogue, claim reference
// lists, insurers) write with. They run again on every fresh database: keep these compatible with
// the migrations already applied.

/** Rows of one table, by column, in the order they are inserted. */
export interface TableRows {
  table: string;
  columns: string[];
  rows: unknown[][];
}

/** One INSERT of every row (`suffix`: an ON CONFLICT clause); nothing for no rows. */
export async function insertRows(queryRunner: QueryRunner, { table, columns, rows }: TableRows, suffix = ''): Promise<void> {
  if (rows.length === 0) return;
  const tuples = rows.map((row, rowIndex) => `(${row.map((_, column) => `$${rowIndex * row.length + column + 1}`).join(', ')})`);
  await queryRunner.query(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`,
    rows.flat(),
  );
}

/** Empties the tables, the last first (list a table before the ones that refer to it). */
export async function emptyTables(queryRunner: QueryRunner, tables: string[]): Promise<void> {
  for (const table of [...tables].reverse()) await queryRunner.query(`DELETE FROM "${table}"`);
}

/** Replaces the whole content of the tables: all emptied (the last first), then each filled in order. */
export async function replaceTables(queryRunner: QueryRunner, tables: TableRows[]): Promise<void> {
  await emptyTables(
    queryRunner,
    tables.map((rows) => rows.table),
  );
  for (const rows of tables) await insertRows(queryRunner, rows);
}
