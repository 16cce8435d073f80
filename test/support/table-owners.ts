import path from 'node:path';
import ts from 'typescript';
import { isMigration, readSource, sourceFiles, stringsOf } from './sql-texts.js';

/**
 * Who owns each table, and who writes it. The folder holding a table's entity owns the table
 * (`apps/<service>/src/<feature>/entities/…`, or a file of `libs/platform`); a table without an
 * entity is owned by the folder whose `sql/README.md` says "Owns, without an entity: `<table>`".
 * A file writes as the deepest owning folder above it, or else as its feature folder
 * (`apps/<service>/src/<feature>`) or its library (`libs/<lib>`). Migrations are the service's
 * schema and are not read; their strings hold no function or trigger (test/migration-sql.spec.ts).
 */

export interface TableWrite {
  table: string;
  writer: string;
  file: string;
  how: string;
}

export interface Owners {
  /** table → owning folder */
  tables: Map<string, string>;
  /** entity class name → table */
  entities: Map<string, string>;
}

const ENTITY = /@Entity\(\{\s*name:\s*'(\w+)'[^)]*\}\)[\s\S]*?export class (\w+)/g;
const WITHOUT_ENTITY = /Owns, without an entity: ((?:`\w+`(?:, )?)+)/;

function ownerOfEntityFile(file: string): string {
  if (file.startsWith('libs/')) return file.split('/').slice(0, 2).join('/');
  const parts = file.split('/');
  const at = parts.lastIndexOf('entities');
  return parts.slice(0, at === -1 ? parts.length - 1 : at).join('/');
}

export function readOwners(): Owners {
  const tables = new Map<string, string>();
  const entities = new Map<string, string>();
  for (const file of sourceFiles('.ts')) {
    const source = readSource(file);
    if (!source.includes('@Entity(')) continue;
    for (const [, table, className] of source.matchAll(ENTITY)) {
      const owner = ownerOfEntityFile(file);
      const service = file.split('/').slice(0, 2).join('/');
      // Each service has its own database: a table is keyed by the service that holds it, except
      // platform tables, which every service holds.
      tables.set(owner.startsWith('libs/') ? table! : `${service}:${table}`, owner);
      entities.set(className!, table!);
    }
  }
  for (const file of sourceFiles('README.md').filter((readme) => readme.endsWith('/sql/README.md'))) {
    const declared = WITHOUT_ENTITY.exec(readSource(file));
    const service = file.split('/').slice(0, 2).join('/');
    for (const [, table] of declared?.[1]!.matchAll(/`(\w+)`/g) ?? []) tables.set(`${service}:${table}`, path.dirname(path.dirname(file)));
  }
  return { tables, entities };
}

export function ownerOf(owners: Owners, file: string, table: string): string | undefined {
  const service = file.split('/').slice(0, 2).join('/');
  return owners.tables.get(`${service}:${table}`) ?? owners.tables.get(table);
}

/** The folder a file writes as. */
export function writerOf(owners: Owners, file: string): string {
  const owning = new Set(owners.tables.values());
  const parts = file.split('/');
  for (let end = parts.length - 1; end > 0; end -= 1) {
    const folder = parts.slice(0, end).join('/');
    if (owning.has(folder)) return folder;
  }
  return file.startsWith('libs/') ? parts.slice(0, 2).join('/') : parts.slice(0, 4).join('/');
}

const NAME = String.raw`(?:"?public"?\.)?"?(\w+)"?`;
const WRITES: Array<[string, RegExp]> = [
  ['INSERT', new RegExp(String.raw`\bINSERT\s+INTO\s+${NAME}`, 'gi')],
  // Not a row lock (FOR [NO KEY] UPDATE), an upsert's DO UPDATE, a foreign key's ON UPDATE or a trigger's event.
  [
    'UPDATE',
    new RegExp(String.raw`(?<!\b(?:FOR|KEY|DO|ON|AFTER|BEFORE|OR|OF)\s+)\bUPDATE\s+(?:ONLY\s+)?${NAME}(?:\s+(?:AS\s+)?\w+)?\s+SET\b`, 'gi'),
  ],
  ['DELETE', new RegExp(String.raw`\bDELETE\s+FROM\s+(?:ONLY\s+)?${NAME}`, 'gi')],
  // Upper case only: the word is common in prose (SQL is written upper case here).
  ['TRUNCATE', new RegExp(String.raw`(?<!\b(?:AFTER|BEFORE|OR)\s+)\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?${NAME}`, 'g')],
  ['MERGE', new RegExp(String.raw`\bMERGE\s+INTO\s+${NAME}`, 'gi')],
];

/** The tables a SQL text writes (names it defines for itself, WITH's queries, left out). */
export function sqlWrites(sql: string): Array<{ table: string; how: string }> {
  const text = sql.replace(/--[^\n]*/g, '');
  const local = new Set(
    [...text.matchAll(/(?:\bWITH(?:\s+RECURSIVE)?|,)\s+(\w+)\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/gi)].map((match) =>
      match[1]!.toLowerCase(),
    ),
  );
  const writes: Array<{ table: string; how: string }> = [];
  for (const [how, pattern] of WRITES) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!.toLowerCase();
      if (!local.has(table)) writes.push({ table, how });
    }
  }
  return writes;
}

const WRITE_METHODS = new Set([
  'insert',
  'update',
  'delete',
  'save',
  'upsert',
  'remove',
  'softDelete',
  'softRemove',
  'restore',
  'increment',
  'decrement',
  'clear',
]);

/** The entity classes a TypeScript source writes through TypeORM's repository, manager or query builder API. */
export function apiWrites(source: string, entities: ReadonlyMap<string, string>): Array<{ table: string; how: string }> {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  const writes: Array<{ table: string; how: string }> = [];
  const entityOf = (node: ts.Node | undefined): string | undefined =>
    node && ts.isIdentifier(node) && entities.has(node.text) ? node.text : undefined;
  const repositoryOf = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'getRepository') {
      return entityOf(node.arguments[0]);
    }
    if (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Repository')
      return entityOf(node.typeArguments?.[0]?.getChildAt(0) ?? node.typeArguments?.[0]);
    return undefined;
  };
  // Members holding a repository: `readonly x: Repository<E>`, `x = ….getRepository(E)`, `get x() { return ….getRepository(E) }`.
  const members = new Map<string, string>();
  const collect = (node: ts.Node): void => {
    if ((ts.isPropertyDeclaration(node) || ts.isParameter(node)) && ts.isIdentifier(node.name)) {
      const entity = repositoryOf(node.type) ?? repositoryOf(node.initializer);
      if (entity) members.set(node.name.text, entity);
    }
    if (ts.isGetAccessorDeclaration(node) && ts.isIdentifier(node.name)) {
      node.body?.forEachChild(function find(child): void {
        const entity = ts.isReturnStatement(child) ? repositoryOf(child.expression) : undefined;
        if (entity) members.set((node.name as ts.Identifier).text, entity);
        else child.forEachChild(find);
      });
    }
    ts.forEachChild(node, collect);
  };
  collect(file);
  const chainHas = (node: ts.Expression, method: string): boolean => {
    for (let at: ts.Expression = node; ;) {
      if (ts.isCallExpression(at)) at = at.expression;
      else if (ts.isPropertyAccessExpression(at)) {
        if (at.name.text === method) return true;
        at = at.expression;
      } else return false;
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      let entity: string | undefined;
      if (WRITE_METHODS.has(method)) {
        entity =
          repositoryOf(receiver) ??
          (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword
            ? members.get(receiver.name.text)
            : undefined) ??
          entityOf(node.arguments[0]);
      } else if (method === 'into' || (method === 'from' && chainHas(receiver, 'delete'))) {
        entity = entityOf(node.arguments[0]);
      }
      if (entity) writes.push({ table: entities.get(entity)!, how: `${entity}.${method}()` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return writes;
}

/** The newest version of each database function: older ones are frozen history, replaced or dropped. */
function newestVersions(files: string[]): string[] {
  const newest = new Map<string, { file: string; version: number }>();
  for (const file of files) {
    const match = /^(.*)\.v(\d+)\.sql$/.exec(file);
    const key = match ? match[1]! : file;
    const version = match ? Number(match[2]) : 0;
    if ((newest.get(key)?.version ?? -1) < version) newest.set(key, { file, version });
  }
  return [...newest.values()].map((entry) => entry.file);
}

/** Every write of a table in the services' and libraries' sources (the console has no SQL), with who makes it. */
export function tableWrites(owners: Owners): TableWrite[] {
  return writesIn(owners, [
    ...sourceFiles('.ts')
      .filter((file) => !isMigration(file) && !file.startsWith('apps/console/'))
      .map((file): [string, string] => [file, readSource(file)]),
    ...newestVersions(sourceFiles('.sql')).map((file): [string, string] => [file, readSource(file)]),
  ]);
}

/** The writes in the given texts (path → text; a `.sql` path is read as SQL, any other as TypeScript). */
export function writesIn(owners: Owners, texts: Array<[string, string]>): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const [file, text] of texts) {
    const writer = writerOf(owners, file);
    const found = file.endsWith('.sql')
      ? sqlWrites(text)
      : [...stringsOf(text, file).flatMap(sqlWrites), ...apiWrites(text, owners.entities)];
    for (const write of found) writes.push({ ...write, writer, file });
  }
  return writes;
}

/** The writes of a table by a folder that does not own it, or of a table nobody owns. */
export function foreignWrites(owners: Owners, writes: TableWrite[]): string[] {
  return writes
    .map((write) => ({ ...write, owner: ownerOf(owners, write.file, write.table) }))
    .filter((write) => write.owner !== write.writer)
    .map((write) =>
      write.owner === undefined
        ? `${write.file}: ${write.how} ${write.table}, a table no folder owns`
        : `${write.file}: ${write.how} ${write.table}, owned by ${write.owner}/ (written by ${write.writer}/)`,
    );
}
