import { createHash } from 'node:crypto';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import pg from 'pg';
import request from 'supertest';
import { ApiKeyRole } from '#contracts';
import { ActingPartnerId, PartnerScoped, Roles } from '../src/auth/auth.decorators.js';
import { OPERATOR_KEY, asOperator, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

class ProbeBody {
  @IsOptional()
  @IsInt()
  partnerId?: number;
}

/** Exercises the building blocks the way features use them. */
@ApiExcludeController()
@Controller('test-probe')
class PartnerScopeProbeController {
  @Get('own')
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  own(@ActingPartnerId() partnerId: number) {
    return { partnerId };
  }

  @Post('tree')
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped({ descendants: true })
  tree(@ActingPartnerId() partnerId: number, @Body() _body: ProbeBody) {
    return { partnerId };
  }

  @Get('undeclared')
  undeclared() {
    return { reached: true };
  }
}

describe('X-API-Key authentication and partner scope', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ controllers: [PartnerScopeProbeController] });
  });
  afterAll(() => app.close());

  it('returns 401 API_KEY_MISSING without a key', async () => {
    const response = await request(app.url).get('/api/v1/admin/partners').expect(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ status: 401, code: 'API_KEY_MISSING', requestId: expect.any(String) });
  });

  it('returns 401 API_KEY_INVALID for an unknown key', async () => {
    const response = await withKey(app, 'ldk_not-a-real-key').get('/api/v1/admin/partners').expect(401);
    expect(response.body.code).toBe('API_KEY_INVALID');
  });

  it('returns 401 API_KEY_INVALID once a key is revoked, and revoking again is harmless', async () => {
    const { apiKey, keyId, partner } = await given(app).partner('Revoked Agency').key();
    await withKey(app, apiKey).get('/test-probe/own').expect(200);

    await asOperator(app).delete(`/api/v1/admin/api-keys/${keyId}`).expect(204);
    const response = await withKey(app, apiKey).get('/test-probe/own').expect(401);
    expect(response.body.code).toBe('API_KEY_INVALID');
    await asOperator(app).delete(`/api/v1/admin/api-keys/${keyId}`).expect(204);

    const listed = await asOperator(app).get(`/api/v1/admin/partners/${partner.id}/api-keys`).expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: keyId, revokedAt: expect.any(String) })]);
  });

  it('stops a cached key as soon as another instance revokes it', async () => {
    const { apiKey, keyId } = await given(app).partner('Two Instances').key();
    await withKey(app, apiKey).get('/test-probe/own').expect(200);
    await withKey(app, apiKey).get('/test-probe/own').expect(200);
    // What another instance's revoke does, on its own connection: one transaction with the NOTIFY.
    const other = new pg.Client({ connectionString: app.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      const [{ key_hash: keyHash }] = (
        await other.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 RETURNING key_hash`, [keyId])
      ).rows;
      await other.query(`SELECT pg_notify('api_key_revoked', $1)`, [keyHash]);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    // The notification reaches this instance's listener asynchronously, within milliseconds.
    let status = 200;
    for (let attempt = 0; attempt < 40 && status !== 401; attempt += 1) {
      status = (await withKey(app, apiKey).get('/test-probe/own')).status;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
  });

  it('returns 404 API_KEY_NOT_FOUND revoking an unknown key and 400 for a malformed id', async () => {
    const missing = await asOperator(app).delete('/api/v1/admin/api-keys/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
    expect(missing.body.code).toBe('API_KEY_NOT_FOUND');
    const malformed = await asOperator(app).delete('/api/v1/admin/api-keys/not-a-uuid').expect(400);
    expect(malformed.body.errors).toEqual([{ field: 'keyId', message: 'must be a UUID' }]);
  });

  it('stores keys only as SHA-256 hashes', async () => {
    const { apiKey, keyId } = await given(app).partner('Hash Check').key();
    const rows: Array<Record<string, unknown>> = await app.dataSource.query('SELECT * FROM api_keys WHERE id = $1', [keyId]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Object.values(row).map(String)).not.toContain(apiKey);
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(8));
    expect(row.key_hash).toBe(createHash('sha256').update(apiKey).digest('hex'));
    expect(apiKey).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);
  });

  it('shows the plain key only when issued, never when listed', async () => {
    const { partner, apiKey } = await given(app).partner('Listing Check').key();
    const listed = await asOperator(app).get(`/api/v1/admin/partners/${partner.id}/api-keys`).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(apiKey);
    expect(listed.body.data[0]).toMatchObject({ role: 'partner', partnerId: partner.id, prefix: apiKey.slice(0, 8), revokedAt: null });
  });

  it('returns 403 ROLE_FORBIDDEN when a partner key calls an operator operation', async () => {
    const { apiKey } = await given(app).partner('Not An Operator').key();
    const response = await withKey(app, apiKey).get('/api/v1/admin/partners').expect(403);
    expect(response.body.code).toBe('ROLE_FORBIDDEN');
  });

  it('refuses a route that declares no roles, whoever calls (fail closed)', async () => {
    await asOperator(app).get('/test-probe/undeclared').expect(403);
  });

  describe('acting for a partner', () => {
    it('acts for the key’s own partner when partnerId is omitted or names it', async () => {
      const { partner, apiKey } = await given(app).partner('Own Partner').key();
      expect((await withKey(app, apiKey).get('/test-probe/own').expect(200)).body).toEqual({ partnerId: partner.id });
      expect((await withKey(app, apiKey).get(`/test-probe/own?partnerId=${partner.id}`).expect(200)).body).toEqual({
        partnerId: partner.id,
      });
    });

    it('returns 403 PARTNER_FORBIDDEN when a partner key names another partner', async () => {
      const { apiKey } = await given(app).partner('Caller').key();
      const other = await given(app).partner('Someone Else');
      const response = await withKey(app, apiKey).get(`/test-probe/own?partnerId=${other.id}`).expect(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 403, code: 'PARTNER_FORBIDDEN' });
      const inBody = await withKey(app, apiKey).post('/test-probe/tree').send({ partnerId: other.id }).expect(403);
      expect(inBody.body.code).toBe('PARTNER_FORBIDDEN');
    });

    it('lets a partner act for its descendants only where the operation allows it', async () => {
      const { partner: agency, apiKey } = await given(app).partner('Agency').key();
      const branch = await given(app).partner('Branch', agency.id);
      const planner = await given(app).partner('Planner', branch.id);
      const { partner: sibling } = await given(app).partner('Sibling Agency').key();

      expect((await withKey(app, apiKey).post('/test-probe/tree').send({ partnerId: planner.id }).expect(201)).body).toEqual({
        partnerId: planner.id,
      });
      await withKey(app, apiKey).post('/test-probe/tree').send({ partnerId: sibling.id }).expect(403);
      await withKey(app, apiKey).get(`/test-probe/own?partnerId=${branch.id}`).expect(403);
    });

    it('does not let a branch act for its parent', async () => {
      const agency = await given(app).partner('Upper Agency');
      const { apiKey: branchKey } = await given(app).partner('Lower Branch', agency.id).key();
      const response = await withKey(app, branchKey).post('/test-probe/tree').send({ partnerId: agency.id }).expect(403);
      expect(response.body.code).toBe('PARTNER_FORBIDDEN');
    });

    it('requires operators to name the partner, and lets them act for any', async () => {
      const partner = await given(app).partner('Operated');
      const missing = await asOperator(app).get('/test-probe/own').expect(400);
      expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'partnerId', message: expect.any(String) }] });
      expect((await asOperator(app).get(`/test-probe/own?partnerId=${partner.id}`).expect(200)).body).toEqual({ partnerId: partner.id });
    });

    it('returns 400 naming partnerId when it is not an integer from 1 to 2147483647 (int4 + 1 was a database error, 500)', async () => {
      const { apiKey } = await given(app).partner('Malformed').key();
      const invalid = [{ field: 'partnerId', message: 'must be an integer from 1 to 2147483647' }];
      for (const value of ['abc', '-3', '1.5', '0', '2147483648', '1767225600000', '9007199254740993', '1e308']) {
        expect((await withKey(app, apiKey).get(`/test-probe/own?partnerId=${value}`).expect(400)).body.errors).toEqual(invalid);
        expect((await asOperator(app).get(`/test-probe/own?partnerId=${value}`).expect(400)).body.errors).toEqual(invalid);
        const body = `{"partnerId":${/^[\d.e-]+$/.test(value) ? value : JSON.stringify(value)}}`;
        for (const key of [apiKey, OPERATOR_KEY]) {
          const response = await withKey(app, key).post('/test-probe/tree').set('Content-Type', 'application/json').send(body).expect(400);
          expect(response.body.errors).toEqual(invalid);
        }
      }
    });
  });
});
