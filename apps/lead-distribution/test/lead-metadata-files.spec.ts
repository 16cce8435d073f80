import {
  asOperator,
  leadInput,
  OPERATOR_KEY,
  startLeadDistribution,
  uploadFile,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given, type KeyedPartner, type ProviderWithProduct } from './support/given.js';

/**
 * Lead metadata is data, not links: a provider may reference only files it uploaded (by `fileKey`),
 * never supply a `fileUrl`; the URLs partners receive are built by the service.
 */
describe('file references in lead metadata', () => {
  let app: LeadDistributionTestApp;
  let provider: ProviderWithProduct;
  let partner: KeyedPartner;

  beforeAll(async () => {
    app = await startLeadDistribution();
    provider = await given(app).provider().product('통화녹음 상품');
    partner = await given(app).partner('Metadata reader').key();
  });
  afterAll(() => app.close());

  const upload = (apiKey: string, options: { send?: boolean } = {}) =>
    uploadFile(app, apiKey, { ...options, mimeType: 'audio/mpeg', bytes: Buffer.from('ID3 recorded call') });

  const register = (apiKey: string, metadata: unknown, productId = provider.product.id) =>
    withKey(app, apiKey)
      .post('/api/v1/leads')
      .send(leadInput(productId, { metadata, ...(apiKey === provider.providerKey ? {} : { partnerId: partner.partner.id }) }));

  it('refuses a supplied fileUrl, naming its path', async () => {
    const response = await register(provider.providerKey, { recording: { fileUrl: 'https://evil.example/phish.pdf' } }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'metadata.recording.fileUrl', message: expect.stringContaining('fileKey') }]);
  });

  it('refuses a fileKey that names another partner’s evidence, a path with "..", or no file', async () => {
    const evidence = await upload(partner.apiKey);
    expect(evidence.key).toMatch(/^as-evidence\//);
    const cases: Array<[unknown, string]> = [
      [{ doc: { fileKey: evidence.key } }, 'metadata.doc.fileKey'],
      [{ doc: { fileKey: '../../etc/passwd' } }, 'metadata.doc.fileKey'],
      [{ items: [{ fileKey: `lead-files/${provider.provider.id}/../x.mp3` }] }, 'metadata.items.0.fileKey'],
      [{ doc: { fileKey: 'lead-files/nothing-here.mp3' } }, 'metadata.doc.fileKey'],
      [{ doc: { fileKey: 42 } }, 'metadata.doc.fileKey'],
    ];
    for (const [metadata, field] of cases) {
      const response = await register(provider.providerKey, metadata).expect(400);
      expect(response.body.errors).toEqual([{ field, message: expect.any(String) }]);
    }
  });

  it('refuses a file of another provider and a file whose bytes never arrived', async () => {
    const other = await given(app).provider().product('다른 공급사 상품');
    const theirs = await upload(other.providerKey);
    const notSent = await upload(provider.providerKey, { send: false });
    for (const key of [theirs.key, notSent.key]) {
      const response = await register(provider.providerKey, { recording: { fileKey: key } }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'metadata.recording.fileKey', message: expect.any(String) }]);
    }
  });

  it('accepts the provider’s uploaded file, and the partner receives the URL the service builds', async () => {
    const recording = await upload(provider.providerKey);
    expect(recording.key).toMatch(new RegExp(`^lead-files/${provider.provider.id}/\\d{4}/\\d{2}/${recording.fileId}\\.mp3$`));
    const created = await register(provider.providerKey, { recording: { fileKey: recording.key, seconds: 95 } }).expect(201);

    // The operator delivers it (an operator may reference the product's provider's files too).
    const delivered = await register(OPERATOR_KEY, { recording: { fileKey: recording.key } }).expect(201);
    const lead = await withKey(app, partner.apiKey).get(`/api/v1/leads/${delivered.body.id}`).expect(200);
    expect(lead.body.metadata).toEqual({ recording: { fileKey: recording.key, fileUrl: recording.cdnUrl } });
    expect(created.body.id).toEqual(expect.any(String));
  });

  it('links only the product’s provider’s files in metadata stored before references were checked, and drops stored fileUrls', async () => {
    const evidence = await upload(partner.apiKey);
    const own = await upload(provider.providerKey);
    const delivered = await register(OPERATOR_KEY, { note: 'x' }).expect(201);
    const legacy = {
      theirs: { fileKey: evidence.key },
      outside: { fileKey: '../../etc/passwd', fileUrl: 'https://evil.example/x' },
      own: { fileKey: own.key },
    };
    await app.dataSource.query(`UPDATE leads SET metadata = $1 WHERE id = $2`, [legacy, delivered.body.id]);
    const lead = await withKey(app, partner.apiKey).get(`/api/v1/leads/${delivered.body.id}`).expect(200);
    expect(lead.body.metadata).toEqual({
      theirs: { fileKey: evidence.key },
      outside: { fileKey: '../../etc/passwd' },
      own: { fileKey: own.key, fileUrl: own.cdnUrl },
    });
  });

  it('lets only the product’s provider’s files be referenced by an operator', async () => {
    const other = await given(app).provider().product('운영자 참조 상품');
    const recording = await upload(provider.providerKey);
    const response = await register(OPERATOR_KEY, { recording: { fileKey: recording.key } }, other.product.id).expect(400);
    expect(response.body.errors).toEqual([{ field: 'metadata.recording.fileKey', message: expect.any(String) }]);
  });

  it('reports a bad file reference per row in the operator import', async () => {
    const response = await asOperator(app)
      .post('/api/v1/admin/leads/import')
      .send({ leads: [leadInput(provider.product.id, { metadata: { a: { fileUrl: 'https://evil.example/' } } })] })
      .expect(200);
    expect(response.body.results).toEqual([
      { index: 0, status: 'INVALID', code: 'VALIDATION_FAILED', errors: [{ field: 'metadata.a.fileUrl', message: expect.any(String) }] },
    ]);
  });
});
