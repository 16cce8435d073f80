import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquirePostgresServer, type PostgresServer } from '#platform';
import { onFreePorts } from '../support/free-ports.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { REPO, SERVICES } from './support.js';

/**
 * The reverse proxy of docker/compose.yaml, for real: nginx (Debian's package) runs the committed
 * template, filled in as the nginx image fills it, in front of both built services; each base URL's
 * host must reach its own service and nothing of the other, and any other host neither; the
 * operator surface only on the internal hosts, to the allow-list; no credential carried in a query
 * string reaches nginx's access log.
 */

const API_HOST = 'api.localhost';
const LEAD_API_HOST = 'lead-api.localhost';
const HOSTS: Record<string, string> = { 'coverage-claims': API_HOST, 'lead-distribution': LEAD_API_HOST };
/** The internal hosts, the only ones serving the operator surface, to OPERATOR_ALLOWED_RANGE. */
const INTERNAL_HOSTS: Record<string, string> = {
  'coverage-claims': 'api.internal.localhost',
  'lead-distribution': 'lead-api.internal.localhost',
};
/** The allow-list: this machine's 127.0.0.1; a request from 127.0.0.2 (also this machine) is from outside it. */
const OPERATOR_ALLOWED_RANGE = '127.0.0.1/32';
const OUTSIDE_ADDRESS = '127.0.0.2';
const isOperatorPath = (pathname: string) => /^\/(console|api\/v1\/admin)/.test(pathname);
const OPERATOR_KEY = `op_${'proxy'.repeat(8)}`;

/** nginx from PATH or /usr/sbin; none is a failure (CI installs nginx-light), never a skipped test. */
function nginxBinary(): string {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'])
    if (candidate && existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is not installed: apt-get install nginx-light (.ci/run does)');
}

/** The template with its ${VARIABLES} replaced, as the nginx image's envsubst does; an unknown one is an error. */
function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the proxy template uses \${${name}}, which the test does not set`);
    return values[name];
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  host: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
  localAddress?: string,
): Promise<Answer> {
  const length: Record<string, string> = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  const options = { host: '127.0.0.1', port, method, path: pathname, localAddress, headers: { host, ...length, ...headers } };
  return new Promise((resolve, reject) => {
    const outgoing = request(options, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Waits until this nginx listens on `port`: its pid file, which it writes once it has bound its ports
 * (another process on the port would answer a probe too), and the port open. Throws with its output
 * when it exits first (a port taken: `Address already in use`), or after 15 s, having stopped it.
 */
async function waitForNginx(port: number, prefix: string, nginx: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const running = () => nginx.exitCode === null && nginx.signalCode === null;
  while (Date.now() < deadline && running()) {
    const open =
      existsSync(path.join(prefix, 'nginx.pid')) &&
      (await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      }));
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (running()) {
    const stopped = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGKILL');
    await stopped;
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}

/** A request whose query string carries credentials: `secrets` names those query parameters. */
interface CredentialRequest {
  host: string;
  method: string;
  path: string;
  query: Record<string, string | number>;
  secrets: string[];
}

describe('the reverse proxy in front of both services', () => {
  let server: PostgresServer;
  let prefix: string;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let proxyPort: number;
  const services: ServiceProcess[] = [];
  const databases: string[] = [];
  const dataDirs: string[] = [];
  const documents: Record<string, { paths: Record<string, Record<string, unknown>> }> = {};

  beforeAll(async () => {
    const binary = nginxBinary();
    server = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
    const upstreams: Record<string, string> = {};
    for (const service of SERVICES) {
      const database = `proxy_${service.name.replace('-', '_')}_${process.pid}`;
      await server.createDatabase(database);
      databases.push(database);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
      dataDirs.push(dataDir);
      const started = await startService(service.name, ([port]) => ({
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: server.urlFor(database),
        DATA_DIR: dataDir,
        OPERATOR_API_KEYS: OPERATOR_KEY,
        // Upload URLs name the public host from configuration (the compose file sets it the same way).
        PUBLIC_BASE_URL: `http://${LEAD_API_HOST}`,
      }));
      services.push(started.service);
      upstreams[service.name] = `127.0.0.1:${started.ports[0]}`;
    }

    prefix = await mkdtemp(path.join(tmpdir(), 'nginx-'));
    // Run as root, nginx's workers run as nobody and must reach their temporary folders under the prefix.
    await chmod(prefix, 0o755);
    // What the nginx image's own nginx.conf provides around conf.d/, with every path under the prefix:
    // its access log (the request line, query string included) goes to a file the tests read.
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
    log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                    '$status $body_bytes_sent "$http_referer" '
                    '"$http_user_agent" "$http_x_forwarded_for"';
    access_log ${prefix}/access.log main;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/site.conf;
}
`,
    );
    proxyPort = await onFreePorts(1, async ([port]) => {
      const site = renderTemplate(readFileSync(path.join(REPO, 'docker/nginx/default.conf.template'), 'utf8'), {
        PROXY_PORT: `127.0.0.1:${port}`,
        API_HOST,
        LEAD_API_HOST,
        INTERNAL_API_HOST: INTERNAL_HOSTS['coverage-claims'],
        INTERNAL_LEAD_API_HOST: INTERNAL_HOSTS['lead-distribution'],
        OPERATOR_ALLOWED_RANGE,
        COVERAGE_CLAIMS_UPSTREAM: upstreams['coverage-claims'],
        LEAD_DISTRIBUTION_UPSTREAM: upstreams['lead-distribution'],
      });
      await writeFile(path.join(prefix, 'site.conf'), site);
      const check = spawnSync(binary, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
      if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}`);
      nginxOutput = '';
      await rm(path.join(prefix, 'nginx.pid'), { force: true });
      nginx = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
      nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      await waitForNginx(port, prefix, nginx, () => nginxOutput);
      return port;
    });

    for (const service of SERVICES) {
      const answer = await send(proxyPort, HOSTS[service.name], 'GET', '/docs/openapi.json');
      documents[service.name] = JSON.parse(answer.body) as (typeof documents)[string];
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    for (const service of services) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    for (const database of databases) await server?.dropDatabase(database);
    await server?.stop();
    for (const dir of [prefix, ...dataDirs]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(SERVICES)('sends the host of $name to $name', async (service) => {
    const host = HOSTS[service.name];
    expect((await send(proxyPort, host, 'GET', '/health/ready')).status).toBe(200);
    const answer = await send(proxyPort, host, 'GET', '/docs/openapi.json');
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { info: { title: string } }).info.title).toBe(service.name);
    // A port in the Host header (the local stack's :8080) changes nothing.
    const withPort = await send(proxyPort, `${host}:8080`, 'GET', '/docs/openapi.json');
    expect((JSON.parse(withPort.body) as { info: { title: string } }).info.title).toBe(service.name);
    // The service's own answer, headers included, comes back through the proxy.
    const traced = await send(proxyPort, host, 'GET', '/health/live', { 'x-request-id': 'proxy-trace-1' });
    expect(traced.headers['x-request-id']).toBe('proxy-trace-1');
    expect(traced.headers.server).toBe('nginx');
  });

  it.each(SERVICES)('answers every operation of $name on its host only: the other host has no such route', async (service) => {
    const other = SERVICES.find((candidate) => candidate.name !== service.name)!;
    const operations = Object.entries(documents[service.name].paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => [method.toUpperCase(), template.replace(/\{[^}]+\}/g, '1'), template] as const),
    );
    // An operation both services document (POST /api/v1/files/presigned, DESIGN.md: claim evidence
    // uses lead-distribution's sequence) is each host's own; which service answers is shown by the
    // docs' title above.
    const documentedByOther = (method: string, template: string) =>
      Boolean((documents[other.name].paths[template] as Record<string, unknown> | undefined)?.[method.toLowerCase()]);
    let shared = 0;
    for (const [method, pathname, template] of operations) {
      // The operator surface on the internal host, everything else on the public one (and the internal one too).
      const ownHost = isOperatorPath(pathname) ? INTERNAL_HOSTS[service.name] : HOSTS[service.name];
      const own = await send(proxyPort, ownHost, method, pathname);
      expect({ method, pathname, routed: ![404, 502, 503].includes(own.status) }).toEqual({ method, pathname, routed: true });
      if (isOperatorPath(pathname)) {
        const refused = await send(proxyPort, HOSTS[service.name], method, pathname);
        expect({ method, pathname, status: refused.status, reached: 'x-request-id' in refused.headers }).toEqual({
          method,
          pathname,
          status: 404,
          reached: false,
        });
      }
      // The platform's operator operations (accounts, session, access records) are in both documents
      // by design, each service's own on its internal host; the other's public host refuses them too.
      const platformOperators = /^\/api\/v1\/admin\/(operators|session|access-records)(\/|$)/.test(pathname);
      if (documentedByOther(method, template) && !platformOperators) {
        shared += 1;
        continue;
      }
      const elsewhere = await send(proxyPort, HOSTS[other.name], method, pathname);
      expect({ method, pathname, status: elsewhere.status }).toEqual({ method, pathname, status: 404 });
    }
    expect(shared).toBeLessThan(3);
    if (service.name === 'lead-distribution') {
      expect(operations.length).toBeGreaterThan(10);
      const listed = await send(proxyPort, INTERNAL_HOSTS['lead-distribution'], 'GET', '/api/v1/admin/partners', {
        'x-api-key': OPERATOR_KEY,
      });
      expect(listed.status).toBe(200);
      const refused = await send(proxyPort, INTERNAL_HOSTS['coverage-claims'], 'GET', '/api/v1/admin/partners', {
        'x-api-key': OPERATOR_KEY,
      });
      expect(refused.status).toBe(404);
    }
  });

  it.each(SERVICES)('serves the operator surface of $name only on its internal host, and there only to the allow-list', async (service) => {
    const operator = { 'x-api-key': OPERATOR_KEY };
    // A read of the operator API without path parameters, from the service's own document.
    const adminRead = Object.entries(documents[service.name].paths).find(
      ([template, methods]) => template.startsWith('/api/v1/admin/') && !template.includes('{') && 'get' in methods,
    )![0];
    const paths = ['/console', '/console/', '/console/access-records', '/api/v1/admin', adminRead, '/api/v1/admin/access-records'];
    // Spellings nginx normalises onto the operator surface, and ones the services might read as it.
    const disguised = ['//api/v1/admin/x', '/api/v1/files/../admin/x', '/api/v1/files/%2e%2e/admin/x', '/api/v1/admin;x', '/console.'];
    for (const pathname of [...paths, ...disguised]) {
      const refused = await send(proxyPort, HOSTS[service.name], 'GET', pathname, operator);
      expect({ pathname, status: refused.status, reached: 'x-request-id' in refused.headers }).toEqual({
        pathname,
        status: 404,
        reached: false,
      });
      expect(JSON.parse(refused.body)).toMatchObject({ status: 404, detail: 'The operator surface is not served on this host' });
    }
    for (const pathname of paths) {
      // Reached the service (its request id), whatever it answers (the console may not be built here).
      const served = await send(proxyPort, INTERNAL_HOSTS[service.name], 'GET', pathname, operator);
      expect({ pathname, reached: typeof served.headers['x-request-id'] }).toEqual({ pathname, reached: 'string' });
      const outside = await send(proxyPort, INTERNAL_HOSTS[service.name], 'GET', pathname, operator, undefined, OUTSIDE_ADDRESS);
      expect({ pathname, status: outside.status, reached: 'x-request-id' in outside.headers }).toEqual({
        pathname,
        status: 403,
        reached: false,
      });
      expect(JSON.parse(outside.body)).toMatchObject({ status: 403, detail: 'This address may not reach the operator surface' });
    }
    const read = await send(proxyPort, INTERNAL_HOSTS[service.name], 'GET', adminRead, operator);
    expect({ adminRead, status: read.status }).toEqual({ adminRead, status: 200 });
    // The public routes stay open to any address.
    expect((await send(proxyPort, HOSTS[service.name], 'GET', '/health/ready', {}, undefined, OUTSIDE_ADDRESS)).status).toBe(200);
  });

  it('answers 404 to any other host, reaching neither service', async () => {
    for (const host of ['unknown.localhost', '127.0.0.1', `evil.${API_HOST}`, `${LEAD_API_HOST}.example.com`]) {
      const answer = await send(proxyPort, host, 'GET', '/health/ready');
      expect({ host, status: answer.status }).toEqual({ host, status: 404 });
      expect(JSON.parse(answer.body)).toMatchObject({ status: 404, detail: 'No service is served at this host' });
      expect(answer.headers['x-request-id']).toBeUndefined();
    }
  });

  it('carries a 6 MiB evidence file through to lead-distribution, whose upload URLs name the public host', async () => {
    const json = { 'content-type': 'application/json', 'x-api-key': OPERATOR_KEY };
    const partner = await send(
      proxyPort,
      INTERNAL_HOSTS['lead-distribution'],
      'POST',
      '/api/v1/admin/partners',
      json,
      JSON.stringify({ name: 'Proxy Partner' }),
    );
    expect(partner.status).toBe(201);
    const size = 6 * 1024 * 1024;
    const request = {
      originalName: 'evidence.pdf',
      mimeType: 'application/pdf',
      size,
      partnerId: (JSON.parse(partner.body) as { id: number }).id,
    };
    const presigned = await send(proxyPort, LEAD_API_HOST, 'POST', '/api/v1/files/presigned', json, JSON.stringify(request));
    expect(presigned.status).toBe(200);
    // Built from PUBLIC_BASE_URL, never from the Host or X-Forwarded-* headers the proxy passes on.
    const uploadUrl = new URL((JSON.parse(presigned.body) as { uploadUrl: string }).uploadUrl);
    expect(uploadUrl.origin).toBe(`http://${LEAD_API_HOST}`);
    // Over nginx's default 1 MiB limit: the lead host allows evidence files (10 MiB).
    const uploaded = await send(
      proxyPort,
      LEAD_API_HOST,
      'PUT',
      `${uploadUrl.pathname}${uploadUrl.search}`,
      { 'content-type': 'application/pdf' },
      Buffer.alloc(size, 7),
    );
    expect(uploaded.status).toBe(204);
  });

  it('writes no credential carried in a query string to the access log (sign-in, tokens, signed file URLs), and still logs other requests with theirs', async () => {
    const hex = () => randomBytes(32).toString('hex');
    const fileId = randomUUID();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const back = encodeURIComponent('https://planner.example.com/callback');
    // Each request's credentials, made up: the services refuse them, but only after nginx passed them on.
    const signedFile = (host: string, method: string, route: 'upload' | 'download'): CredentialRequest => ({
      host,
      method,
      path: `/api/v1/files/${route}/${fileId}`,
      query: { expires, signature: hex() },
      secrets: ['signature'],
    });
    const unlogged: CredentialRequest[] = [
      {
        host: API_HOST,
        method: 'GET',
        path: '/api/v1/auth/sso',
        query: { assertion: `SECRET${hex()}`, redirectUri: back, state: 's1', code_challenge: hex(), code_challenge_method: 'S256' },
        secrets: ['assertion'],
      },
      { host: API_HOST, method: 'GET', path: '/api/v1/auth/token', query: { refreshToken: `SECRET${hex()}` }, secrets: ['refreshToken'] },
      {
        host: API_HOST,
        method: 'GET',
        path: '/api/v1/auth/token',
        query: { code: `SECRET${hex()}`, code_verifier: `SECRET${hex()}`, redirectUri: back },
        secrets: ['code', 'code_verifier'],
      },
      signedFile(API_HOST, 'PUT', 'upload'),
      signedFile(API_HOST, 'GET', 'download'),
      signedFile(LEAD_API_HOST, 'PUT', 'upload'),
      signedFile(LEAD_API_HOST, 'GET', 'download'),
    ];
    for (const { host, method, path: pathname, query } of unlogged) {
      const search = Object.entries(query).map(([name, value]) => `${name}=${value}`);
      const [headers, body] = method === 'PUT' ? [{ 'content-type': 'application/pdf' }, '%PDF-1.4'] : [{}, undefined];
      const answer = await send(proxyPort, host, method, `${pathname}?${search.join('&')}`, headers, body);
      // The route's own refusal of a made-up credential, by the service (its request id): no 404, so the route exists.
      const refused = [400, 401, 403].includes(answer.status) && typeof answer.headers['x-request-id'] === 'string';
      expect({ method, pathname, status: answer.status, refused }).toEqual({ method, pathname, status: answer.status, refused: true });
    }
    // Next to those routes, but not theirs: logged, query string included.
    const marker = () => `ordinary${hex().slice(0, 16)}`;
    const logged = [
      [API_HOST, `/api/v1/authx?marker=${marker()}`],
      [API_HOST, `/api/v1/files/${fileId}?marker=${marker()}`],
      [LEAD_API_HOST, `/api/v1/files/uploads?marker=${marker()}`],
      [LEAD_API_HOST, `/docs/openapi.json?marker=${marker()}`],
    ];
    for (const [host, pathname] of logged) expect((await send(proxyPort, host, 'GET', pathname)).headers['x-request-id']).toBeDefined();

    // nginx writes a request's line once it has answered it, a service once it has sent its answer.
    const accessLog = path.join(prefix, 'access.log');
    const serviceOf = (host: string) => services[SERVICES.findIndex((service) => HOSTS[service.name] === host)];
    const serviceLogged = () => unlogged.every(({ host, path: pathname }) => serviceOf(host).output().includes(`"path":"${pathname}"`));
    const deadline = Date.now() + 5_000;
    let lines = await readFile(accessLog, 'utf8');
    while (!(lines.includes(logged.at(-1)![1]) && serviceLogged()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines = await readFile(accessLog, 'utf8');
    }
    for (const [, pathname] of logged) expect(lines).toContain(`"GET ${pathname} HTTP/1.1"`);
    // What the access log no longer holds, the service's own line does (by path, without the query).
    for (const { host, path: pathname } of unlogged) expect(serviceOf(host).output()).toContain(`"path":"${pathname}"`);
    const logs: Array<[string, string]> = [
      ['nginx access log', lines],
      ['nginx error log', nginxOutput],
      ...services.map((service, index): [string, string] => [`${SERVICES[index].name} log`, service.output()]),
    ];
    const leaks = unlogged.flatMap(({ method, path: pathname, query, secrets }) =>
      secrets.flatMap((name) =>
        logs.filter(([, text]) => text.includes(String(query[name]))).map(([log]) => `${log}: ${name} of ${method} ${pathname}`),
      ),
    );
    expect(leaks).toEqual([]);
  });
});
