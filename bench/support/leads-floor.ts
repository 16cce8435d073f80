import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { Gender, LEAD_SORT_FIELDS, REGION_NAMES, type AsStatus, type LeadDto, type LeadSortField } from '#contracts';
import { accessRecordValues, FieldCipher, jsonShapeErrors, matchesAnyHash, sha256Hex } from '#platform';
import { formatPhone, maskName, maskPhone } from '../../apps/lead-distribution/src/leads/lead-masking.js';
import { toLeadResponse } from '../../apps/lead-distribution/src/leads/lead-response.js';
import { ownedLeadsQuery, type LeadRow, type OwnedLeadFilter } from '../../apps/lead-distribution/src/leads/leads.repository.js';

/**
 * The floor the lead list is measured against: what a caller could run instead of the service, a
 * bare Fastify server (no Nest, no TypeORM) doing the same work for `GET /api/v1/leads` with a
 * partner key. It hashes the key and finds it in a cache (the database on a miss), checks the query
 * by hand, runs the repository's statement (ownedLeadsQuery, so the two cannot drift) on a `pg`
 * pool, writes the audit row when a contact is shown in clear, masks and decrypts as the service does
 * and sends the same JSON, byte for byte (the bench checks that before it measures).
 *
 * Left out, as a thin server would leave them: request logs, metrics, CORS, request-id headers,
 * problem bodies beyond a status and code, operator and provider keys.
 *
 *   node dist/bench/support/leads-floor.js   (DATABASE_URL, DATA_ENCRYPTION_KEYS, OPERATOR_API_KEYS, PORT, HOST, DATABASE_POOL_SIZE)
 *
 * `GET /cpu` answers the process's CPU time so far in microseconds (process.cpuUsage, user + system).
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const KEY_TTL_MS = 60_000;
const QUERY_FIELDS = new Set([
  'page',
  'limit',
  'partnerId',
  'used',
  'hasAs',
  'region',
  'gender',
  'search',
  'sortBy',
  'sortOrder',
  'expand',
]);
const TRUE_VALUES = new Set(['true', 'y', '1']);
const FALSE_VALUES = new Set(['false', 'n', '0']);

const keys = env('DATA_ENCRYPTION_KEYS').split(',');
const cipher = new FieldCipher(keys, keys[0]!.split(':')[0]!);
const operatorKeyHashes = (process.env.OPERATOR_API_KEYS ?? '').split(',').filter(Boolean).map(sha256Hex);
const pool = new pg.Pool({
  connectionString: env('DATABASE_URL'),
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  application_name: 'leads-floor',
});
const partnerKeys = new Map<string, { keyId: string; partnerId: number; expiresAt: number }>();

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

async function partnerOf(apiKey: string | string[] | undefined): Promise<{ keyId: string; partnerId: number }> {
  if (typeof apiKey !== 'string' || apiKey === '') throw new Refused(401, 'API_KEY_MISSING');
  const keyHash = sha256Hex(apiKey);
  // Operator keys would have to name a partner; the floor serves partner keys only.
  if (matchesAnyHash(keyHash, operatorKeyHashes)) throw new Refused(403, 'ROLE_FORBIDDEN');
  const cached = partnerKeys.get(keyHash);
  if (cached && cached.expiresAt >= Date.now()) return cached;
  const row = (
    await pool.query<{ id: string; role: string; partner_id: number | null }>(
      `SELECT id, role, partner_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
      [keyHash],
    )
  ).rows[0];
  if (!row) throw new Refused(401, 'API_KEY_INVALID');
  if (row.role !== 'partner' || row.partner_id === null) throw new Refused(403, 'ROLE_FORBIDDEN');
  const entry = { keyId: row.id, partnerId: row.partner_id, expiresAt: Date.now() + KEY_TTL_MS };
  partnerKeys.set(keyHash, entry);
  return entry;
}

interface ListQuery {
  page: number;
  limit: number;
  filter: Omit<OwnedLeadFilter, 'partnerId'>;
  expand: boolean;
}

/** The list's query rules (ListLeadsQueryDto), by hand. */
function parseQuery(query: Record<string, unknown>, partnerId: number): ListQuery {
  if (jsonShapeErrors(query, '', '(query)').length > 0) throw new Refused(400, 'VALIDATION_FAILED');
  for (const field of Object.keys(query)) if (!QUERY_FIELDS.has(field)) throw new Refused(400, 'VALIDATION_FAILED');
  const text = (field: string): string | undefined => {
    const value = query[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new Refused(400, 'VALIDATION_FAILED');
    return value;
  };
  const int = (field: string, fallback: number, min: number, max: number): number => {
    const value = text(field);
    if (value === undefined) return fallback;
    if (!/^-?\d{1,15}$/.test(value.trim())) throw new Refused(400, 'VALIDATION_FAILED');
    const number = Number(value);
    if (number < min || number > max) throw new Refused(400, 'VALIDATION_FAILED');
    return number;
  };
  const bool = (field: string): boolean | undefined => {
    const value = text(field)?.trim().toLowerCase();
    if (value === undefined) return undefined;
    if (TRUE_VALUES.has(value)) return true;
    if (FALSE_VALUES.has(value)) return false;
    throw new Refused(400, 'VALIDATION_FAILED');
  };
  const oneOf = <T extends string>(field: string, allowed: readonly T[]): T | undefined => {
    const value = text(field);
    if (value !== undefined && !allowed.includes(value as T)) throw new Refused(400, 'VALIDATION_FAILED');
    return value as T | undefined;
  };
  const page = int('page', 1, 1, Number.MAX_SAFE_INTEGER);
  const limit = int('limit', 20, 1, 100);
  const requested = int('partnerId', partnerId, 1, 2_147_483_647);
  if (requested !== partnerId) throw new Refused(403, 'PARTNER_FORBIDDEN');
  const search = text('search')?.trim();
  if (search !== undefined && (search === '' || search.length > 100)) throw new Refused(400, 'VALIDATION_FAILED');
  return {
    page,
    limit,
    expand: oneOf('expand', ['leadAs']) !== undefined,
    filter: {
      used: bool('used'),
      hasAs: bool('hasAs'),
      region: oneOf('region', REGION_NAMES),
      gender: oneOf('gender', Object.values(Gender)),
      search,
      sortBy: oneOf<LeadSortField>('sortBy', LEAD_SORT_FIELDS) ?? 'assignedAt',
      sortOrder: oneOf('sortOrder', ['asc', 'desc'] as const) ?? 'desc',
      offset: (page - 1) * limit,
      limit,
    },
  };
}

/** The Lead resource as the service builds it (the same mapper, toLeadResponse), contact decrypted when used. */
function toLead(row: LeadRow, asHistory: AsStatus[] | undefined): LeadDto {
  const inClear = row.usedAt !== null;
  const contact =
    inClear && row.phoneCiphertext
      ? { name: row.name, phone: formatPhone(cipher.open({ keyId: row.phoneKeyId, ciphertext: row.phoneCiphertext })) }
      : { name: maskName(row.name), phone: maskPhone(row.phonePrefix, row.phoneLast4) };
  return toLeadResponse(row, contact, inClear, asHistory);
}

async function asStatusesOf(leadIds: string[]): Promise<Map<string, AsStatus[]>> {
  const statuses = new Map<string, AsStatus[]>(leadIds.map((id) => [id, []]));
  if (leadIds.length === 0) return statuses;
  const { rows } = await pool.query<{ leadId: string; status: AsStatus }>(
    `SELECT lead_id AS "leadId", status FROM lead_as_requests WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_id, created_at DESC, id DESC`,
    [leadIds],
  );
  for (const row of rows) statuses.get(row.leadId)?.push(row.status);
  return statuses;
}

const refuse = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof Refused)) throw error;
  return reply.code(error.status).send({ status: error.status, code: error.code });
};

const app = Fastify({ genReqId: () => randomUUID() });

app.get('/api/v1/leads', async (request, reply) => {
  try {
    const key = await partnerOf(request.headers['x-api-key']);
    const query = parseQuery(request.query as Record<string, unknown>, key.partnerId);
    const statement = ownedLeadsQuery({ partnerId: key.partnerId, ...query.filter });
    const result = await pool.query<LeadRow & { total: string }>(statement.sql, statement.params);
    const rows = result.rows.filter((row) => row.id !== null);
    const total = Number(result.rows[0]?.total ?? 0);
    const history = query.expand ? await asStatusesOf(rows.map((row) => row.id)) : undefined;
    const revealed = rows.filter((row) => row.usedAt !== null).map((row) => row.id);
    // The access records the service appends before the answer leaves (@RecordsAccess and ContactAudit):
    // a view of every lead listed, and a use (decryption) of those shown in clear; one statement of the
    // platform's append_access_records_v1, as the writer groups its appends.
    const record = (action: 'view' | 'use', ids: string[]) =>
      accessRecordValues({
        actor: { kind: 'partner-key', id: key.keyId },
        address: request.ip,
        action,
        operation: 'Leads_list',
        subjects: ids.map((id) => ({ type: 'lead', id })),
        requestId: String(request.id),
      });
    const records = [
      record(
        'view',
        rows.map((row) => row.id),
      ),
      ...(revealed.length > 0 ? [record('use', revealed)] : []),
    ];
    await pool.query(`SELECT append_access_records_v1($1::jsonb)`, [JSON.stringify(records)]);
    return {
      data: rows.map((row) => toLead(row, history?.get(row.id))),
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  } catch (error) {
    return refuse(reply, error);
  }
});

app.get('/cpu', async () => {
  const usage = process.cpuUsage();
  return { micros: usage.user + usage.system };
});

await app.listen({ port: Number(env('PORT')), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`leads floor listening on ${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT}\n`);
process.once('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
