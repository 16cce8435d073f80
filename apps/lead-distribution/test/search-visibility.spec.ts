import fc from 'fast-check';
import { maskEmail, maskName } from '../src/leads/lead-masking.js';
import { deliverLead, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

/** Fixed: a failure names the seed and path that reproduce it. */
const SEED = 20_261_123;
const LEADS = 36;
const TERMS = 120;

/** The reason codes and labels the AS list's search also matches (a subset of the seeded list). */
const REASONS = [
  { code: 'DUPLICATE', label: '중복 DB' },
  { code: 'OUT_OF_REGION', label: '지역 외' },
];

const hangulSyllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCodePoint(code));
const koreanName = fc.array(hangulSyllable, { minLength: 2, maxLength: 4 }).map((syllables) => syllables.join(''));
const emailLocal = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
    fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'.split('')), { maxLength: 9 }),
  )
  .map(([first, rest]) => first + rest.join(''));
const email = fc.option(
  fc.tuple(emailLocal, fc.constantFrom('example.com', 'hanmail.net', 'naver.com')).map(([local, domain]) => `${local}@${domain}`),
  { nil: null },
);
const memo = fc.option(
  fc.array(koreanName, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  { nil: null },
);
const phone = fc.integer({ min: 0, max: 99_999_999 }).map((digits) => `010${String(digits).padStart(8, '0')}`);

const leadSpec = fc.record({
  name: koreanName,
  email,
  memo,
  phone,
  product: fc.nat({ max: 1 }),
  used: fc.boolean(),
  as: fc.option(fc.record({ reason: fc.nat({ max: REASONS.length - 1 }), memo }), { nil: null }),
});

interface BuiltLead {
  id: string;
  name: string;
  email: string | null;
  memo: string | null;
  phone: string;
  productName: string;
  used: boolean;
  as: { reasonCode: string; reasonLabel: string; memo: string | null } | null;
}

const contains = (value: string | null, term: string) => value !== null && value.toLowerCase().includes(term.toLowerCase());
const phoneArm = (lead: BuiltLead, term: string) => /^\d{1,4}$/.test(term) && lead.phone.slice(-4).includes(term);

/** The lead list's search over what the owner is shown (masked name and email until used; spec: name, phone_3, email, memo, product). */
const leadListShows = (lead: BuiltLead, term: string) =>
  contains(lead.used ? lead.name : maskName(lead.name), term) ||
  contains(lead.email === null ? null : lead.used ? lead.email : maskEmail(lead.email), term) ||
  contains(lead.memo, term) ||
  contains(lead.productName, term) ||
  phoneArm(lead, term);

/** The AS list's search over what the owner is shown (spec: name, phone_3, product, customer memo, reason code or label). */
const asListShows = (lead: BuiltLead, term: string) =>
  lead.as !== null &&
  (contains(lead.used ? lead.name : maskName(lead.name), term) ||
    contains(lead.as.memo, term) ||
    contains(lead.as.reasonCode, term) ||
    contains(lead.as.reasonLabel, term) ||
    contains(lead.productName, term) ||
    phoneArm(lead, term));

/**
 * Property: for random leads (some used, some masked) and random search terms cut from their clear
 * values, each list returns exactly the leads a search over the values the partner is shown would.
 */
describe('search matches what the caller sees (property)', () => {
  let app: LeadDistributionTestApp;
  let apiKey: string;
  let leads: BuiltLead[];

  beforeAll(async () => {
    app = await startLeadDistribution();
    const products = [await given(app).provider().product('실손 보험 상담'), await given(app).provider().product('암보험 리드')];
    const owner = await given(app).partner('Property owner').key();
    apiKey = owner.apiKey;
    // Distinct phones: one product refuses a phone twice (duplicate window).
    const [specs] = fc.sample(fc.uniqueArray(leadSpec, { selector: (spec) => spec.phone, minLength: LEADS, maxLength: LEADS }), {
      numRuns: 1,
      seed: SEED,
    });
    leads = [];
    for (const spec of specs) {
      const product = products[spec.product].product;
      const id = await deliverLead(app, product.id, owner.partner.id, {
        name: spec.name,
        email: spec.email ?? undefined,
        memo: spec.memo ?? undefined,
        phone: spec.phone,
      });
      let as: BuiltLead['as'] = null;
      if (spec.as) {
        const reason = REASONS[spec.as.reason];
        await withKey(app, apiKey)
          .post('/api/v1/lead-as')
          .send({ leadId: id, reasonCode: reason.code, ...(spec.as.memo === null ? {} : { memo: spec.as.memo }) })
          .expect(200);
        as = { reasonCode: reason.code, reasonLabel: reason.label, memo: spec.as.memo };
      }
      if (spec.used) await withKey(app, apiKey).post(`/api/v1/leads/${id}/use`).send({}).expect(200);
      leads.push({ id, ...spec, productName: product.name, as });
    }
  });
  afterAll(() => app.close());

  /** A term cut from a clear (or the masked) value of a lead: its name, e-mail, memo, phone, product name or AS memo. */
  const term = () =>
    fc
      .record({
        lead: fc.nat({ max: LEADS - 1 }),
        field: fc.constantFrom('name', 'email', 'memo', 'phone', 'productName', 'asMemo', 'maskedName'),
        start: fc.nat({ max: 20 }),
        length: fc.integer({ min: 1, max: 6 }),
      })
      .map(({ lead, field, start, length }) => {
        const source = leads[lead];
        const value =
          field === 'asMemo'
            ? source.as?.memo
            : field === 'maskedName'
              ? maskName(source.name)
              : (source[field as keyof BuiltLead] as string | null);
        const characters = [...(value ?? source.name)];
        const from = start % characters.length;
        // The service trims the term (surrounding white space never counts), and refuses an empty one.
        return characters
          .slice(from, from + length)
          .join('')
          .trim();
      })
      .filter((search) => search.length > 0);

  const found = async (path: string, search: string): Promise<string[]> => {
    const response = await withKey(app, apiKey).get(path).query({ search, limit: 100 }).expect(200);
    return (response.body.data as Array<{ id: string; leadId?: string }>).map((item) => item.leadId ?? item.id).sort();
  };

  it('the lead list finds exactly the leads whose shown values contain the term', async () => {
    await fc.assert(
      fc.asyncProperty(term(), async (search) => {
        const expected = leads
          .filter((lead) => leadListShows(lead, search))
          .map((lead) => lead.id)
          .sort();
        expect(await found('/api/v1/leads', search)).toEqual(expected);
      }),
      { seed: SEED, numRuns: TERMS },
    );
  });

  it('the AS list finds exactly the requests whose shown values contain the term', async () => {
    await fc.assert(
      fc.asyncProperty(term(), async (search) => {
        const expected = leads
          .filter((lead) => asListShows(lead, search))
          .map((lead) => lead.id)
          .sort();
        expect(await found('/api/v1/lead-as', search)).toEqual(expected);
      }),
      { seed: SEED, numRuns: TERMS },
    );
  });

  it('finds an unused lead by its clear name or e-mail only where the shown values contain it too', async () => {
    const masked = leads.filter((lead) => !lead.used);
    expect(masked.length).toBeGreaterThan(5);
    for (const lead of masked) {
      for (const search of [lead.name, lead.email].filter((value): value is string => value !== null)) {
        expect((await found('/api/v1/leads', search)).includes(lead.id)).toBe(leadListShows(lead, search));
      }
    }
  });
});
