import { readFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AccessRecordRetention, AccessRecordSealer, type AccessAction, type AccessActor, type AccessSubject } from '#platform';

/** An access record as a test reads it back (the table `access_records`, with its seal of `access_record_seals` once sealed). */
export interface AccessRecordRow {
  id: string;
  recordedAt: Date;
  actorKind: string;
  actorId: string;
  address: string;
  action: string;
  operation: string;
  subjects: AccessSubject[];
  reason: string | null;
  requestId: string | null;
  sequence: string | null;
  prevHash: string | null;
  hash: string | null;
}

export interface AccessRecordFilter {
  operation?: string;
  action?: string;
  actorKind?: string;
  actorId?: string;
  requestId?: string;
  /** Records naming this subject. */
  subject?: AccessSubject;
}

/**
 * The access records of a test app, oldest first, optionally filtered. A call's record is committed
 * before its answer leaves, so a test reads it right after the response.
 */
export async function accessRecords(app: { dataSource: DataSource }, filter: AccessRecordFilter = {}): Promise<AccessRecordRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.operation !== undefined) add('operation = ?', filter.operation);
  if (filter.action !== undefined) add('action = ?', filter.action);
  if (filter.actorKind !== undefined) add('actor_kind = ?', filter.actorKind);
  if (filter.actorId !== undefined) add('actor_id = ?', filter.actorId);
  if (filter.requestId !== undefined) add('request_id = ?', filter.requestId);
  if (filter.subject !== undefined)
    add('subjects @> ?::jsonb', JSON.stringify([{ type: filter.subject.type, id: String(filter.subject.id) }]));
  return app.dataSource.query<AccessRecordRow[]>(
    `SELECT r.id::text AS "id", recorded_at AS "recordedAt", actor_kind AS "actorKind", actor_id AS "actorId", address, action,
            operation, subjects, reason, request_id AS "requestId", s.sequence::text AS "sequence", s.prev_hash AS "prevHash", s.hash
       FROM access_records r LEFT JOIN access_record_seals s ON s.record_id = r.id
      ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY r.id`,
    params,
  );
}

/** Seals (hash-chains) every record appended so far, as the periodic job would; answers how many. */
export function sealAccessRecords(app: { app: INestApplication }): Promise<number> {
  return app.app.get(AccessRecordSealer).sealPending();
}

/** Runs the retention sweep now, as the periodic job would; answers how many records it removed. */
export function sweepAccessRecords(app: { app: INestApplication }): Promise<number> {
  return app.app.get(AccessRecordRetention).sweep();
}

/**
 * Moves records back in time, as a superuser bypassing the append-only trigger (session_replication_role
 * = replica skips ordinary triggers): how a test makes records old enough for the retention sweep, or
 * tampers with one for `access-records:verify` to find.
 */
export async function rewriteAccessRecordsAsSuperuser(app: { dataSource: DataSource }, sql: string, params: unknown[] = []): Promise<void> {
  await app.dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(sql, params);
  });
}

/** A record a test plants directly (for the review and the sweep, which look at times a test cannot wait for). */
export interface PlantedRecord {
  recordedAt: string | Date;
  actorKind?: string;
  actorId?: string;
  address?: string;
  action?: string;
  operation?: string;
  subjects?: AccessSubject[];
  reason?: string | null;
}

/** Inserts records as they would have been appended at `recordedAt` (unsealed); answers their ids. */
export async function plantAccessRecords(app: { dataSource: DataSource }, records: PlantedRecord[]): Promise<string[]> {
  const rows = records.map((record) => ({
    recorded_at: new Date(record.recordedAt).toISOString(),
    actor_kind: record.actorKind ?? 'operator',
    actor_id: record.actorId ?? 'planted-operator',
    address: record.address ?? '198.51.100.1',
    action: record.action ?? 'view',
    operation: record.operation ?? 'Planted_operation',
    subjects: record.subjects ?? [],
    reason: record.reason ?? null,
  }));
  const inserted = await app.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason)
     SELECT recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason
       FROM jsonb_to_recordset($1::jsonb) AS r(recorded_at timestamptz, actor_kind text, actor_id text, address text, action text,
                                                operation text, subjects jsonb, reason text)
     RETURNING id::text AS id`,
    [JSON.stringify(rows)],
  );
  return inserted.map((row) => row.id);
}

// Coverage: which operations owe a record, and whether a call left it (test/access-records-coverage.spec.ts,
// apps/*/test/access-records-coverage.spec.ts).

/**
 * The access-record coverage of both services (issue 41, docs/decisions/operators-and-access-records.md,
 * "Which operations are recorded"): which operations of a committed OpenAPI document handle personal
 * data, which of them carry `x-access-record`, and whether a call of one left the record it owes.
 * Both services' table-driven tests use these; only the tables differ.
 */

/**
 * Properties that hold a person's data wherever they appear, in a request or an answer, at any depth
 * ($refs, allOf/oneOf/anyOf, array items and free-form maps followed). `name` alone is not one (a
 * partner's, a product's, an insurer's name): a person's name always comes with one of these.
 */
export const PERSONAL_FIELDS: readonly string[] = [
  // contact
  'phone',
  'phone_number',
  'email',
  'address',
  'contacts',
  'clientTel',
  'callbackTel',
  'callbackName',
  'ordererName',
  'ordererContact',
  // identity
  'birth_date',
  'birthDate',
  'date_of_birth',
  'clientBirthday',
  'clientNm',
  'customer_name',
  'ci',
  'fcUserCi',
  'residentNumber',
  'contractor',
  'insured_person',
  'insuredPerson',
  // money
  'bankAccount',
  'bankAccountHolder',
  // what someone wrote about a person
  'customerMemo',
  'clientMemo',
  // health
  'checkups',
  'measurements',
];

/** A request or answer naming a data subject by id acts on that person's data (hands a lead on, answers a customer's checkups). */
export const SUBJECT_PARAMETERS: readonly string[] = ['leadId', 'leadIds', 'customerId', 'customerIds'];

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface Content {
  schema?: JsonSchema;
}

interface DocumentOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string } | { $ref: string }>;
  requestBody?: { content?: Record<string, Content> } | { $ref: string };
  responses?: Record<string, { content?: Record<string, Content> } | { $ref: string }>;
  'x-access-record'?: { action: AccessAction; reasonRequired: boolean };
}

export interface AccessRecordsDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: Record<string, Record<string, unknown>>;
}

export function readDocument(file: string): AccessRecordsDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as AccessRecordsDocument;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

export interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  operation: DocumentOperation;
}

export function operationsOf(document: AccessRecordsDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, operation]) => METHODS.has(method) && operation.operationId !== undefined)
      .map(([method, operation]) => ({ operationId: operation.operationId!, method: method.toUpperCase(), path, operation })),
  );
}

/** What a service's table adds to the rule: operations the names cannot tell (a free-form payload), and ones they wrongly catch. */
export interface PersonalDataRule {
  /** operationId → why it handles personal data though no property says so. */
  also?: Record<string, string>;
  /** operationId → why it does not, though a property says so (made-up examples). */
  exempt?: Record<string, string>;
}

export interface PersonalOperation extends DocumentedOperation {
  /** The first reason the rule found: `answer holds phone`, `request names leadIds`, `answer is application/pdf`... */
  why: string;
}

/**
 * The operations of `document` that view, use, input, change, delete, print or download personal
 * data, by the rule (docs/decisions/operators-and-access-records.md):
 * 1. its request or answer holds a property of PERSONAL_FIELDS (at any depth, references followed);
 * 2. its answer is a file (a PDF, a CSV: anything but JSON) or carries a `downloadUrl` (a print or a download);
 * 3. it names a data subject (a parameter, or a property of its request or answer, of SUBJECT_PARAMETERS);
 * 4. it acts on a resource (a path with a parameter) that another operation found by 1-3 shows:
 *    `DELETE /customers/{id}` beside `GET /customers/{id}`, `POST /lead-as/{id}/cancel` below `GET /lead-as/{id}`;
 * plus the service's `also`, less its `exempt`.
 */
export function personalOperations(document: AccessRecordsDocument, rule: PersonalDataRule = {}): PersonalOperation[] {
  const operations = operationsOf(document);
  const found = new Map<string, string>();
  for (const entry of operations) {
    const why = personalDataIn(document, entry.operation);
    if (why) found.set(entry.operationId, why);
  }
  const resources = operations.filter((entry) => found.has(entry.operationId) && entry.path.includes('{')).map((entry) => entry);
  for (const entry of operations) {
    if (found.has(entry.operationId)) continue;
    const resource = resources.find((other) => entry.path === other.path || entry.path.startsWith(`${other.path}/`));
    if (resource) found.set(entry.operationId, `acts on ${resource.path}, which ${resource.operationId} shows`);
  }
  for (const [operationId, why] of Object.entries(rule.also ?? {})) found.set(operationId, why);
  for (const operationId of Object.keys(rule.exempt ?? {})) found.delete(operationId);
  return operations.flatMap((entry) => {
    const why = found.get(entry.operationId);
    return why === undefined ? [] : [{ ...entry, why }];
  });
}

/** The personal-data operations that carry no `x-access-record`, as `METHOD path (operationId): why`. */
export function operationsWithoutRecord(document: AccessRecordsDocument, rule: PersonalDataRule = {}): string[] {
  return personalOperations(document, rule)
    .filter((entry) => entry.operation['x-access-record'] === undefined)
    .map((entry) => `${entry.method} ${entry.path} (${entry.operationId}): ${entry.why}`);
}

/** Every operation marked `x-access-record`, with its action and whether it asks a reason. */
export function recordedOperations(
  document: AccessRecordsDocument,
): Array<DocumentedOperation & { action: AccessAction; reasonRequired: boolean }> {
  return operationsOf(document).flatMap((entry) => {
    const mark = entry.operation['x-access-record'];
    return mark ? [{ ...entry, action: mark.action, reasonRequired: mark.reasonRequired }] : [];
  });
}

/** The rows a table-driven test lacks (an operation marked x-access-record without a row) and has too many (a row naming no such operation). */
export function tableGaps(document: AccessRecordsDocument, table: Record<string, unknown>): { missing: string[]; unknown: string[] } {
  const marked = recordedOperations(document).map((entry) => entry.operationId);
  return {
    missing: marked.filter((operationId) => !(operationId in table)),
    unknown: Object.keys(table).filter((operationId) => !marked.includes(operationId)),
  };
}

function personalDataIn(document: AccessRecordsDocument, operation: DocumentOperation): string | undefined {
  const resolve = <T>(value: T | { $ref: string } | undefined): T | undefined => {
    let current: unknown = value;
    for (let depth = 0; depth < 32 && current && typeof current === 'object' && '$ref' in current; depth++) {
      const ref = (current as { $ref: string }).$ref;
      current = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    }
    return current as T | undefined;
  };
  const fieldIn = (schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): string | undefined => {
    const resolved = resolve<JsonSchema>(schema);
    if (!resolved || seen.has(resolved)) return undefined;
    seen.add(resolved);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      if (PERSONAL_FIELDS.includes(name)) return name;
      const below = fieldIn(property, seen);
      if (below) return below;
    }
    const children = [
      ...(resolved.allOf ?? []),
      ...(resolved.oneOf ?? []),
      ...(resolved.anyOf ?? []),
      resolved.items,
      typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : undefined,
    ];
    for (const child of children) {
      const below = fieldIn(child, seen);
      if (below) return below;
    }
    return undefined;
  };
  const propertyNamed = (schema: JsonSchema | undefined, names: readonly string[]): string | undefined =>
    names.find((name) => hasProperty(resolve, schema, name));

  const requestBody = resolve<{ content?: Record<string, Content> }>(operation.requestBody);
  for (const content of Object.values(requestBody?.content ?? {})) {
    const field = fieldIn(content.schema);
    if (field) return `request holds ${field}`;
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const [type, content] of Object.entries(resolve<{ content?: Record<string, Content> }>(response)?.content ?? {})) {
      if (!type.includes('json')) return `answer is ${type}`;
      const field = fieldIn(content.schema);
      if (field) return `answer holds ${field}`;
      if (hasProperty(resolve, content.schema, 'downloadUrl')) return 'answer carries a downloadUrl';
    }
  }
  const parameter = (operation.parameters ?? [])
    .map((entry) => resolve<{ name: string; in: string }>(entry))
    .find((entry) => entry !== undefined && SUBJECT_PARAMETERS.includes(entry.name));
  if (parameter) return `request names ${parameter.name}`;
  for (const content of Object.values(requestBody?.content ?? {})) {
    const named = propertyNamed(content.schema, SUBJECT_PARAMETERS);
    if (named) return `request names ${named}`;
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const content of Object.values(resolve<{ content?: Record<string, Content> }>(response)?.content ?? {})) {
      const named = propertyNamed(content.schema, SUBJECT_PARAMETERS);
      if (named) return `answer names ${named}`;
    }
  }
  return undefined;
}

function hasProperty(
  resolve: <T>(value: T | { $ref: string } | undefined) => T | undefined,
  schema: JsonSchema | undefined,
  wanted: string,
  seen = new Set<JsonSchema>(),
): boolean {
  const resolved = resolve<JsonSchema>(schema);
  if (!resolved || seen.has(resolved)) return false;
  seen.add(resolved);
  if (Object.keys(resolved.properties ?? {}).includes(wanted)) return true;
  const children = [
    ...Object.values(resolved.properties ?? {}),
    ...(resolved.allOf ?? []),
    ...(resolved.oneOf ?? []),
    ...(resolved.anyOf ?? []),
    resolved.items,
  ];
  return children.some((child) => hasProperty(resolve, child, wanted, seen));
}

// The records a call left (read with accessRecords above).

/** What one call must have left: the five items (actor, time, address, subjects, action with the operation), and the reason if it asks one. */
export interface ExpectedAccessRecord {
  actor: AccessActor;
  address: string;
  action: AccessAction;
  operation: string;
  /** Compared as a set: order and repeats do not matter. */
  subjects: AccessSubject[];
  reason?: string | null;
}

/** The span of a call: a record of it is timed within [from, to], to the second. */
export interface CallWindow {
  from: Date;
  to: Date;
}

/** Runs `call` and answers its result with the window its records must fall in (to the second: from truncated, to the call's end). */
export async function timed<T>(call: () => Promise<T>): Promise<{ result: T; window: CallWindow }> {
  const from = new Date(Math.floor(Date.now() / 1000) * 1000);
  const result = await call();
  return { result, window: { from, to: new Date() } };
}

const subjectKeys = (subjects: AccessSubject[]) => [...new Set(subjects.map((subject) => `${subject.type}:${subject.id}`))].sort();

/**
 * What is wrong with the records of one call (empty when one record of `expected.operation` and
 * `expected.action` has all five items right). Names every item that differs, so that a failing row
 * says what the operation recorded.
 */
export function accessRecordProblems(records: AccessRecordRow[], expected: ExpectedAccessRecord, window: CallWindow): string[] {
  const candidates = records.filter((record) => record.operation === expected.operation && record.action === expected.action);
  if (candidates.length === 0) {
    const seen = records.map((record) => `${record.operation}/${record.action}`).join(', ') || 'none';
    return [`no ${expected.action} record of ${expected.operation} (records seen: ${seen})`];
  }
  const problemsOf = (record: AccessRecordRow): string[] => {
    const problems: string[] = [];
    if (record.actorKind !== expected.actor.kind || record.actorId !== expected.actor.id)
      problems.push(`actor ${record.actorKind}:${record.actorId}, expected ${expected.actor.kind}:${expected.actor.id}`);
    const at = record.recordedAt.getTime();
    if (Number.isNaN(at) || at % 1000 !== 0 || at < window.from.getTime() || at > window.to.getTime())
      problems.push(
        `time ${record.recordedAt.toISOString()} not to the second within the call's ${window.from.toISOString()}..${window.to.toISOString()}`,
      );
    if (record.address !== expected.address) problems.push(`address ${record.address}, expected ${expected.address}`);
    const got = subjectKeys(record.subjects);
    const want = subjectKeys(expected.subjects);
    if (got.join() !== want.join()) problems.push(`subjects [${got.join(', ')}], expected [${want.join(', ')}]`);
    if (expected.reason !== undefined && record.reason !== expected.reason)
      problems.push(`reason ${record.reason}, expected ${expected.reason}`);
    return problems;
  };
  const reports = candidates.map(problemsOf);
  if (reports.some((problems) => problems.length === 0)) return [];
  return reports.map((problems) => `${expected.operation}/${expected.action}: ${problems.join('; ')}`);
}

/** Fails unless the call timed by `window` left the record `expected`. */
export async function expectAccessRecord(
  app: { dataSource: DataSource },
  expected: ExpectedAccessRecord,
  window: CallWindow,
): Promise<void> {
  const records = (await accessRecords(app, { operation: expected.operation })).filter((record) => record.recordedAt >= window.from);
  const problems = accessRecordProblems(records, expected, window);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** A lead, a customer... as a subject. */
export const subject = (type: AccessSubject['type'], id: string | number): AccessSubject => ({ type, id: String(id) });
