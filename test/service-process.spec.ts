import { request as httpRequest } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnService, startService, type ServiceProcess } from './support/service-process.js';

const OPERATOR_KEY = 'op_process_0123456789abcdef0123456789abcdef';

/** Starts lead-distribution with no DATABASE_URL: it must bring up its embedded PostgreSQL under DATA_DIR. */
async function startOnEmbeddedDatabase(dataDir: string) {
  const { service, ports, base } = await startService(
    'lead-distribution',
    ([port, databasePort]) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: String(databasePort),
      OPERATOR_API_KEYS: OPERATOR_KEY,
      LOG_LEVEL: 'warn',
    }),
    { ports: 2 },
  );
  return { service, base, port: ports[0] };
}

async function createPartner(base: string, name: string): Promise<number> {
  const response = await fetch(`${base}/api/v1/admin/partners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': OPERATOR_KEY },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Sends the first half of a request body, then waits for `release` before sending the rest. */
function slowRequest(port: number, body: string, release: Promise<void>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/admin/partners',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': OPERATOR_KEY },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    void release.then(() => request.end(body.slice(half)));
  });
}

describe('a service process', () => {
  let dataDir: string;
  let running: ServiceProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ld-process-'));
    // Run as root, the embedded PostgreSQL runs as the `postgres` user, which must reach the directory.
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on an invalid variable, naming it', async () => {
    const service = spawnService('lead-distribution', { PORT: 'eighty', OPERATOR_API_KEYS: 'short', DATA_DIR: dataDir });
    expect(await service.exited).toBe(1);
    expect(service.output()).toMatch(/PORT: must be an integer number/);
    expect(service.output()).toMatch(/OPERATOR_API_KEYS: each key must be at least 32 characters long/);
  });

  it('starts on the embedded database, finishes a request in flight on SIGTERM, exits 0 and keeps its data across a restart', async () => {
    const first = await startOnEmbeddedDatabase(dataDir);
    running = first.service;
    const firstId = await createPartner(first.base, 'Before Restart');

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const inFlight = slowRequest(first.port, JSON.stringify({ name: 'Sent During Shutdown' }), released);
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.service.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();

    const answered = await inFlight;
    expect(answered.status).toBe(201);
    expect(await first.service.exited).toBe(0);

    const second = await startOnEmbeddedDatabase(dataDir);
    running = second.service;
    const listed = await fetch(`${second.base}/api/v1/admin/partners`, { headers: { 'x-api-key': OPERATOR_KEY } });
    const names = ((await listed.json()) as { data: Array<{ id: number; name: string }> }).data;
    expect(names).toEqual([
      expect.objectContaining({ id: firstId, name: 'Before Restart' }),
      expect.objectContaining({ name: 'Sent During Shutdown' }),
    ]);
    second.service.child.kill('SIGTERM');
    expect(await second.service.exited).toBe(0);
    running = undefined;
  }, 120_000);
});
