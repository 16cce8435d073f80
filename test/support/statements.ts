import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** A statement sent to PostgreSQL: its text and its parameters. */
export interface SentStatement {
  sql: string;
  values: unknown[] | undefined;
}

/**
 * The statements sent to PostgreSQL while `work` runs, in order: every query of every client of the
 * driver behind `dataSource` (its pool's included, and so any other data source's in this process).
 */
export async function statementsDuring(dataSource: DataSource, work: () => Promise<unknown>): Promise<SentStatement[]> {
  const client = (dataSource.driver as PostgresDriver).postgres.Client.prototype as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  const sent: SentStatement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string') sent.push({ sql: text, values: Array.isArray(values) ? values : undefined });
    else {
      const config = text as { text?: string; values?: unknown[] };
      sent.push({ sql: String(config.text), values: Array.isArray(values) ? values : config.values });
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return sent;
}
