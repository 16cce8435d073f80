import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import request from 'supertest';
import { ApiKeyRole } from '#contracts';
import { AccessRecordSink, Public, RecordsAccess } from '#platform';
import { Roles } from '../src/auth/auth.decorators.js';
import { accessRecords, sealAccessRecords } from '../../../test/support/access-records.js';
import { asOperator, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';

@ApiExcludeController()
@Roles(ApiKeyRole.Operator)
@Controller('test-access')
class AccessProbeController {
  @RecordsAccess({
    action: 'view',
    subjects: ({ params, response }) => [
      { type: 'lead', id: params.id! },
      ...(response as { also: string[] }).also.map((id) => ({ type: 'customer' as const, id })),
    ],
  })
  @Get('leads/:id')
  read(@Param('id') id: string) {
    return { id, also: ['c-1', 'c-2'] };
  }

  @RecordsAccess({ action: 'download', reasonRequired: true, subjects: () => [] })
  @Get('export')
  exportAll(@Query('reason') reason: string) {
    return { reason };
  }

  @RecordsAccess({ action: 'view', subjects: () => [{ type: 'lead', id: 'x' }] })
  @Get('fails')
  fails(): never {
    throw new Error('the handler failed');
  }

  @Public()
  @RecordsAccess({ action: 'view', subjects: () => [] })
  @Get('anonymous')
  anonymous() {
    return { secret: 'personal' };
  }
}

describe('access records (lead-distribution): the writer behind @RecordsAccess', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({
      controllers: [AccessProbeController],
      env: { TRUSTED_PROXY_HOPS: '1', ACCESS_RECORD_SEAL_INTERVAL_MS: '600000' },
    });
  });
  afterAll(() => app.close());

  it('records a successful call with the five items before the answer leaves', async () => {
    const response = await asOperator(app)
      .get('/test-access/leads/lead-7')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Request-Id', 'req-access-1')
      .expect(200);
    expect(response.body).toEqual({ id: 'lead-7', also: ['c-1', 'c-2'] });
    const [record] = await accessRecords(app, { requestId: 'req-access-1' });
    expect(record).toMatchObject({
      actorKind: 'bootstrap',
      address: '203.0.113.9',
      action: 'view',
      operation: 'AccessProbe_read',
      subjects: [
        { type: 'lead', id: 'lead-7' },
        { type: 'customer', id: 'c-1' },
        { type: 'customer', id: 'c-2' },
      ],
      reason: null,
      sequence: null,
    });
    expect(record!.actorId).toMatch(/^env:/);
    expect(record!.recordedAt.getMilliseconds()).toBe(0);
    expect(Math.abs(record!.recordedAt.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('records nothing for a refused or failed call', async () => {
    await request(app.url).get('/test-access/leads/lead-8').expect(401);
    await asOperator(app).get('/test-access/fails').set('X-Request-Id', 'req-access-fails').expect(500);
    expect(await accessRecords(app, { subject: { type: 'lead', id: 'lead-8' } })).toEqual([]);
    expect(await accessRecords(app, { requestId: 'req-access-fails' })).toEqual([]);
  });

  it('requires a reason of an export (400 naming reason) and keeps it in the record', async () => {
    for (const query of ['', '?reason=', '?reason=%20%20', `?reason=${'x'.repeat(501)}`]) {
      const refused = await asOperator(app).get(`/test-access/export${query}`).expect(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    }
    await asOperator(app).get('/test-access/export?reason=monthly%20audit').set('X-Request-Id', 'req-access-export').expect(200);
    const [record] = await accessRecords(app, { requestId: 'req-access-export' });
    expect(record).toMatchObject({ action: 'download', reason: 'monthly audit', subjects: [] });
  });

  it('fails the call when its record cannot be written: nothing leaves unrecorded', async () => {
    await app.dataSource.query(`ALTER TABLE access_records ADD CONSTRAINT probe_refuses CHECK (operation <> 'AccessProbe_read') NOT VALID`);
    try {
      const response = await asOperator(app).get('/test-access/leads/lead-9').expect(500);
      expect(JSON.stringify(response.body)).not.toContain('c-1');
    } finally {
      await app.dataSource.query(`ALTER TABLE access_records DROP CONSTRAINT probe_refuses`);
    }
  });

  it('fails a marked call that no guard or handler named the caller of', async () => {
    const response = await request(app.url).get('/test-access/anonymous').expect(500);
    expect(JSON.stringify(response.body)).not.toContain('personal');
  });

  it('groups concurrent calls into few INSERTs, and records every one', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
    await Promise.all(ids.map((id) => asOperator(app).get(`/test-access/leads/${id}`).expect(200)));
    for (const id of ids) expect(await accessRecords(app, { subject: { type: 'lead', id } })).toHaveLength(1);
  });

  it('gives guards and sign-in the sink for security events, recorded beside the accesses', async () => {
    await app.app.get(AccessRecordSink).append({
      actor: { kind: 'partner-key', id: 'key-revoked-1' },
      address: '198.51.100.7',
      action: 'key-refused',
      operation: 'api-key',
      subjects: [],
      requestId: 'req-event-1',
    });
    expect(await accessRecords(app, { requestId: 'req-event-1' })).toEqual([
      expect.objectContaining({ actorKind: 'partner-key', actorId: 'key-revoked-1', action: 'key-refused', subjects: [], reason: null }),
    ]);
  });

  it('keeps records and their seals append-only: no update, no delete, no truncate', async () => {
    await asOperator(app).get('/test-access/leads/lead-10').expect(200);
    const [record] = await accessRecords(app, { subject: { type: 'lead', id: 'lead-10' } });
    await expect(app.dataSource.query(`UPDATE access_records SET actor_id = 'someone-else' WHERE id = $1`, [record!.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(app.dataSource.query(`DELETE FROM access_records WHERE id = $1`, [record!.id])).rejects.toThrow(/append-only/);
    await expect(app.dataSource.query(`TRUNCATE access_records`)).rejects.toThrow(/append-only/);
    // The sweep's setting does not open a young record to deletion.
    await expect(
      app.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('access_records.sweep_before', now()::text, true)`);
        await manager.query(`DELETE FROM access_records WHERE id = $1`, [record!.id]);
      }),
    ).rejects.toThrow(/append-only/);

    expect(await sealAccessRecords(app)).toBeGreaterThan(0);
    const [sealed] = await accessRecords(app, { subject: { type: 'lead', id: 'lead-10' } });
    expect(sealed!.hash).toMatch(/^[0-9a-f]{64}$/);
    // The chain is as append-only as the records: a seal is never changed, nor deleted while its record is there.
    await expect(
      app.dataSource.query(`UPDATE access_record_seals SET hash = $2 WHERE record_id = $1`, [record!.id, '0'.repeat(64)]),
    ).rejects.toThrow(/append-only/);
    await expect(
      app.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('access_records.sweep_before', now()::text, true)`);
        await manager.query(`DELETE FROM access_record_seals WHERE record_id = $1`, [record!.id]);
      }),
    ).rejects.toThrow(/append-only/);
    await expect(app.dataSource.query(`TRUNCATE access_record_seals`)).rejects.toThrow(/append-only/);
  });
});
