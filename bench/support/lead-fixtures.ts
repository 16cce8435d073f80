import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { REGION_NAMES } from '#contracts';
import { FieldCipher, lookupHash } from '#platform';
import { maskName, searchTextAsShown } from '../../apps/lead-distribution/src/leads/lead-masking.js';

export const SURNAMES = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '류',
  '홍',
];
export const GIVEN_NAMES = [
  '민준',
  '서연',
  '도윤',
  '서윤',
  '시우',
  '지우',
  '하준',
  '하은',
  '주원',
  '지호',
  '지유',
  '준서',
  '예준',
  '수아',
  '건우',
  '지아',
  '현우',
  '서아',
  '우진',
  '다은',
  '선우',
  '채원',
  '유준',
  '민서',
  '연우',
  '지민',
  '은우',
  '윤서',
  '정우',
  '예린',
  '승우',
  '소율',
  '시윤',
  '지원',
  '준우',
  '예은',
  '지환',
  '하린',
  '승현',
  '수빈',
];
const MEMOS = ['오후 상담 희망', '보장 분석 요청', '실손 청구 문의', '퇴근 후 연락', '자녀 보험 관심', '주말 상담 가능'];
const AS_REASONS = ['WRONG_NUMBER', 'NOT_REACHABLE', 'DID_NOT_APPLY', 'DUPLICATE', 'OUT_OF_REGION', 'OUT_OF_AGE', 'OTHER'];

export interface FixtureOptions {
  totalLeads: number;
  partnerLeads: number;
  otherPartners: number;
  poolLeads: number;
  asShare: number;
  encryptionKey: string;
  hashKey: string;
  log: (line: string) => void;
}

export interface Fixture {
  partnerId: number;
  productIds: string[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Loads a lead-distribution database (already migrated) with `totalLeads` leads: `partnerLeads` of
 * them owned by one partner (the one measured), `poolLeads` waiting in the pool and the rest spread
 * over `otherPartners`. A share `asShare` of the measured partner's leads has AS history.
 */
export async function loadLeadFixture(client: pg.Client, options: FixtureOptions): Promise<Fixture> {
  const cipher = new FieldCipher([options.encryptionKey], options.encryptionKey.split(':')[0]!);
  const providerId = uuidv7();
  await client.query(`INSERT INTO providers (id, name) VALUES ($1, 'bench provider')`, [providerId]);
  const productIds = Array.from({ length: 20 }, () => uuidv7());
  const productNames = new Map(productIds.map((id, n) => [id, `보험 상품 ${n + 1}`]));
  await client.query(
    `INSERT INTO products (id, name, provider_id, as_window_days) SELECT id, name, $3, 30 FROM unnest($1::uuid[], $2::varchar[]) AS t(id, name)`,
    [productIds, [...productNames.values()], providerId],
  );
  const partnerRows = await client.query<{ id: number }>(
    `INSERT INTO partners (name) SELECT 'bench partner ' || n FROM generate_series(0, $1) AS n RETURNING id`,
    [options.otherPartners],
  );
  const [measured, ...others] = partnerRows.rows.map((row) => row.id);
  const partnerId = measured!;

  const batch = 5000;
  const now = Date.now();
  const asLeads: Array<{ id: string; assignedAt: Date }> = [];
  for (let start = 0; start < options.totalLeads; start += batch) {
    const size = Math.min(batch, options.totalLeads - start);
    const columns: Record<string, unknown[]> = {
      id: [],
      product: [],
      partner: [],
      name: [],
      cipher: [],
      keyId: [],
      prefix: [],
      last4: [],
      hash: [],
      email: [],
      region: [],
      address: [],
      birth: [],
      gender: [],
      memo: [],
      usedAt: [],
      assignedAt: [],
      distributedAt: [],
      assignment: [],
      search: [],
      maskedName: [],
    };
    for (let i = 0; i < size; i += 1) {
      const index = start + i;
      const owner = index < options.partnerLeads ? partnerId : index < options.totalLeads - options.poolLeads ? pick(others) : null;
      const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const sealed = cipher.seal(phone);
      const assignedAt = owner === null ? null : new Date(now - Math.random() * 60 * DAY);
      const distributedAt = assignedAt === null ? null : new Date(assignedAt.getTime() + Math.random() * 5 * DAY);
      const id = uuidv7();
      columns.id!.push(id);
      const productId = pick(productIds);
      columns.product!.push(productId);
      columns.partner!.push(owner);
      columns.name!.push(`${pick(SURNAMES)}${pick(GIVEN_NAMES)}`);
      columns.cipher!.push(sealed.ciphertext);
      columns.keyId!.push(sealed.keyId);
      columns.prefix!.push(phone.slice(0, 3));
      columns.last4!.push(phone.slice(-4));
      columns.hash!.push(lookupHash(options.hashKey, 'phone', phone));
      columns.email!.push(Math.random() < 0.5 ? `user${index}@example.com` : null);
      columns.region!.push(pick(REGION_NAMES));
      columns.address!.push(Math.random() < 0.7 ? `${pick(REGION_NAMES)} 어느구 어느로 ${index % 500}` : null);
      const year = 50 + Math.floor(Math.random() * 55);
      columns.birth!.push(
        `${String(year % 100).padStart(2, '0')}${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`,
      );
      columns.gender!.push(Math.random() < 0.5 ? 'M' : 'F');
      columns.memo!.push(Math.random() < 0.3 ? pick(MEMOS) : null);
      columns.usedAt!.push(owner !== null && Math.random() < 0.3 ? new Date((distributedAt as Date).getTime() + DAY) : null);
      columns.assignedAt!.push(assignedAt);
      columns.distributedAt!.push(distributedAt);
      columns.assignment!.push(owner === null ? null : uuidv7());
      const shown = {
        name: columns.name!.at(-1) as string,
        email: columns.email!.at(-1) as string | null,
        memo: columns.memo!.at(-1) as string | null,
      };
      columns.search!.push(searchTextAsShown(shown, productNames.get(productId)!, columns.usedAt!.at(-1) !== null));
      columns.maskedName!.push(maskName(shown.name));
      if (owner === partnerId && Math.random() < options.asShare) asLeads.push({ id, assignedAt: assignedAt! });
    }
    await client.query(
      `INSERT INTO leads (id, product_id, partner_id, name, phone_ciphertext, phone_key_id, phone_prefix, phone_last4, phone_hash, email, region, address,
                          birth_date, gender, memo, used_at, assigned_at, last_distributed_at, assignment_id, search_text, masked_name)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::varchar[], $5::bytea[], $6::varchar[], $7::char(3)[], $8::char(4)[], $9::char(64)[],
                            $10::varchar[], $11::varchar[], $12::varchar[], $13::char(6)[], $14::char(1)[], $15::text[], $16::timestamptz[],
                            $17::timestamptz[], $18::timestamptz[], $19::uuid[], $20::text[], $21::varchar[])`,
      Object.values(columns),
    );
    if ((start / batch) % 20 === 0) options.log(`  leads: ${start + size} / ${options.totalLeads}`);
  }

  // AS history: one to three requests per lead; earlier ones closed, the latest in any status.
  const statuses = ['PENDING', 'ON_HOLD', 'REJECTED', 'CANCELLED'];
  const requests: Record<string, unknown[]> = { id: [], lead: [], partner: [], reason: [], status: [], created: [] };
  const latest: Record<string, unknown[]> = { lead: [], request: [], status: [] };
  for (const lead of asLeads) {
    const count = 1 + Math.floor(Math.random() * 3);
    for (let n = 0; n < count; n += 1) {
      const id = uuidv7();
      const status = n === count - 1 ? pick(statuses) : pick(['REJECTED', 'CANCELLED']);
      requests.id!.push(id);
      requests.lead!.push(lead.id);
      requests.partner!.push(partnerId);
      requests.reason!.push(pick(AS_REASONS));
      requests.status!.push(status);
      requests.created!.push(new Date(lead.assignedAt.getTime() + (n + 1) * 60 * 60 * 1000));
      if (n === count - 1) {
        latest.lead!.push(lead.id);
        latest.request!.push(id);
        latest.status!.push(status);
      }
    }
  }
  await client.query(
    `INSERT INTO lead_as_requests (id, lead_id, partner_id, reason_code, status, created_at, updated_at)
     SELECT id, lead_id, partner_id, reason, status, created, created
       FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::varchar[], $5::varchar[], $6::timestamptz[]) AS t(id, lead_id, partner_id, reason, status, created)`,
    Object.values(requests),
  );
  await client.query(
    `UPDATE leads SET latest_as_id = t.request, latest_as_status = t.status
       FROM unnest($1::uuid[], $2::uuid[], $3::varchar[]) AS t(lead, request, status) WHERE leads.id = t.lead`,
    Object.values(latest),
  );
  options.log(`  AS requests: ${requests.id!.length} on ${asLeads.length} leads`);
  return { partnerId, productIds };
}

export function randomKeyEntry(id: string): string {
  return `${id}:${randomBytes(32).toString('base64url')}`;
}
