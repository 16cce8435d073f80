import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '#platform';
import { parseObjects } from '../../scripts/check-k8s.js';
import type { CoverageClaimsConfig } from '../../apps/coverage-claims/src/config/coverage-claims.config.js';
import {
  K8S,
  PLACEHOLDER,
  REPO,
  SAMPLE_PLACEHOLDER_VALUES,
  SAMPLE_SECRET_VALUES,
  SERVICES,
  healthPaths,
  ofKind,
  overlayDirs,
  relative,
  renderKustomization,
  type K8sObject,
  type ServiceUnderTest,
} from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped JSON, read field by field */
type Json = any;

const rendered = new Map(overlayDirs().map((dir) => [relative(dir), renderKustomization(dir)]));
const environments = [...rendered.keys()].filter((dir) => /^overlays\/[^/]+$/.test(dir));
const HEALTH = healthPaths();
const ALL_CONTAINERS = (pod: Json): Json[] => [...(pod.initContainers ?? []), ...pod.containers];

function jobOf(objects: K8sObject[]): Json {
  const jobs = ofKind(objects, 'Job');
  expect(jobs).toHaveLength(1);
  return jobs[0];
}

function named(objects: K8sObject[], kind: string, name: string): Json {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
}

function configMapOf(objects: K8sObject[], container: Json): Record<string, string> {
  const names = (container.envFrom ?? []).filter((from: Json) => from.configMapRef).map((from: Json) => from.configMapRef.name as string);
  return Object.assign({}, ...names.map((name: string) => named(objects, 'ConfigMap', name).data));
}

function secretTemplate(service: ServiceUnderTest): Json {
  return parseObjects(readFileSync(path.join(K8S, service.name, 'secret.template.yaml'), 'utf8'))[0];
}

/** The environment the container starts with: its ConfigMap, and a sample for each key of the Secret template. */
function startingEnv(service: ServiceUnderTest, objects: K8sObject[], container: Json): Record<string, string> {
  const secret = Object.keys(secretTemplate(service).stringData).map((key) => {
    if (!SAMPLE_SECRET_VALUES[key]) throw new Error(`add a sample value of ${key} to SAMPLE_SECRET_VALUES`);
    return [key, SAMPLE_SECRET_VALUES[key]()];
  });
  return { ...configMapOf(objects, container), ...Object.fromEntries(secret) };
}

/** The configuration the container starts with, once the Secret has its keys and the placeholders are filled in. */
function startingConfig(service: ServiceUnderTest, objects: K8sObject[], container: Json) {
  const env = Object.entries(startingEnv(service, objects, container)).map(([key, value]) => {
    if (!PLACEHOLDER.test(value)) return [key, value];
    if (!SAMPLE_PLACEHOLDER_VALUES[key]) throw new Error(`add a sample value of ${key} to SAMPLE_PLACEHOLDER_VALUES`);
    return [key, SAMPLE_PLACEHOLDER_VALUES[key]];
  });
  return loadConfig(service.configClass, Object.fromEntries(env));
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

/** The annotation with which ingress-nginx writes no access log for an Ingress's paths. */
const ACCESS_LOG = 'nginx.ingress.kubernetes.io/enable-access-log';

/** Query parameters that carry a credential: the SSO assertion, sign-in codes, refresh tokens, file URL signatures. */
const CREDENTIAL_QUERY = ['assertion', 'code', 'code_verifier', 'refreshToken', 'signature'];

/** The local storage driver's signed file URLs (`?expires=…&signature=…`), which the OpenAPI documents leave out. */
const SIGNED_FILE_ROUTES: Record<ServiceUnderTest['name'], string[]> = {
  'coverage-claims': ['PUT /api/v1/files/upload/{fileId}', 'GET /api/v1/files/download/{fileId}'],
  'lead-distribution': ['PUT /api/v1/files/upload/{fileId}', 'GET /api/v1/files/download/{fileId}'],
};

/** Paths beside the credentials' routes, served or not, that a too wide path would take from the access log. */
const BESIDE = [
  '/api/v1/auth',
  '/api/v1/authx',
  '/api/v1/files',
  '/api/v1/files/upload',
  '/api/v1/files/uploads',
  '/api/v1/files/download',
  '/api/v1/files/downloads',
  '/api/v1/files/presigned',
];

interface Request {
  /** `GET /api/v1/auth/sso`, or a path with `(no route)` when the service serves nothing there. */
  operation: string;
  requestPath: string;
  /** The query parameters of CREDENTIAL_QUERY the operation takes. */
  credentials: string[];
}

/** Every operation of the service's OpenAPI document, its signed file URLs, its health probes, and the paths BESIDE them. */
function requestsTo(service: ServiceUnderTest): Request[] {
  const document = JSON.parse(readFileSync(path.join(REPO, 'openapi', `${service.name}.json`), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  };
  const sample = (template: string) => template.replace(/\{[^}]+\}/g, '1');
  const documented = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      operation: `${method.toUpperCase()} ${template}`,
      requestPath: sample(template),
      credentials: (operation.parameters ?? []).filter((p) => p.in === 'query' && CREDENTIAL_QUERY.includes(p.name)).map((p) => p.name),
    })),
  );
  const signed = SIGNED_FILE_ROUTES[service.name].map((operation) => ({
    operation,
    requestPath: sample(operation.split(' ')[1]),
    credentials: ['signature'],
  }));
  const served = new Set([...documented, ...signed].map((request) => request.requestPath));
  const probes = Object.values(healthPaths()).map((probe) => ({ operation: `GET ${probe}`, requestPath: probe, credentials: [] }));
  const beside = BESIDE.filter((requestPath) => !served.has(requestPath)).map((requestPath) => ({
    operation: `GET ${requestPath} (no route)`,
    requestPath,
    credentials: [],
  }));
  return [...documented, ...signed, ...probes, ...beside];
}

/** Each path of the Ingress objects, with its host and backend, and whether the controller access-logs it. */
interface IngressPath {
  ingress: string;
  host: string;
  path: string;
  pathType: string;
  backend: Json;
  accessLogged: boolean;
}

function ingressPaths(ingresses: Json[]): IngressPath[] {
  return ingresses.flatMap((ingress) =>
    ingress.spec.rules.flatMap((rule: Json) =>
      rule.http.paths.map((entry: Json) => ({
        ingress: ingress.metadata.name,
        host: rule.host,
        path: entry.path,
        pathType: entry.pathType,
        backend: entry.backend.service,
        accessLogged: ingress.metadata.annotations?.[ACCESS_LOG] !== 'false',
      })),
    ),
  );
}

/** Each service with its host: `{base_url}` (api.…) for coverage-claims, `{lead_base_url}` (lead-api.…) for lead-distribution. */
const onHosts = (hosts: string[]) => SERVICES.map((service, index) => [service, hosts[index]] as const);

const elementsOf = (urlPath: string) => urlPath.split('/').filter(Boolean);

/**
 * The path a request takes among all Ingress objects of its host, by the Ingress API's rules: an
 * Exact path equal to the request's, else the longest Prefix path that is an element-wise prefix of
 * it (`/a/b` takes `/a/b` and `/a/b/c`, never `/a/bc`).
 */
function routeOf(paths: IngressPath[], host: string, requestPath: string): IngressPath | undefined {
  const own = paths.filter((entry) => entry.host === host);
  const exact = own.find((entry) => entry.pathType === 'Exact' && entry.path === requestPath);
  if (exact) return exact;
  const request = elementsOf(requestPath);
  return own
    .filter((entry) => entry.pathType === 'Prefix' && elementsOf(entry.path).every((element, index) => request[index] === element))
    .sort((a, b) => elementsOf(b.path).length - elementsOf(a.path).length)[0];
}

describe('the Kubernetes overlays', () => {
  it('are a dev and a prod environment, each with both services and the Ingress', () => {
    expect(environments).toEqual(['overlays/dev', 'overlays/prod']);
    for (const env of environments) {
      for (const part of ['coverage-claims', 'lead-distribution', 'ingress']) expect(rendered.has(`${env}/${part}`)).toBe(true);
    }
  });

  it('put everything of an environment in its namespace, which enforces the restricted pod security standard', () => {
    for (const env of environments) {
      const objects = rendered.get(env)!;
      const [namespace] = ofKind(objects, 'Namespace');
      expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
      for (const object of objects.filter((o) => o.kind !== 'Namespace')) expect(object.metadata.namespace).toBe(namespace.metadata.name);
    }
  });

  describe.each(SERVICES)('$name', (service) => {
    const alone = environments.map((env) => [`${env}/${service.name}`, rendered.get(`${env}/${service.name}`)!] as const);

    it('applies on its own: its overlay holds its objects and nothing of the other service', () => {
      for (const [, objects] of alone) {
        expect(objects.map((object) => object.kind).sort()).toEqual(
          [
            'ConfigMap',
            'Deployment',
            'HorizontalPodAutoscaler',
            'Job',
            'NetworkPolicy',
            'PodDisruptionBudget',
            'Service',
            'ServiceAccount',
          ].sort(),
        );
        for (const object of objects) expect(object.metadata.labels?.['app.kubernetes.io/name']).toBe(service.name);
      }
    });

    it('probes the health endpoints the platform serves, on the port the service listens on', () => {
      expect(HEALTH).toEqual({ live: '/health/live', ready: '/health/ready' });
      for (const [, objects] of alone) {
        const pod = named(objects, 'Deployment', service.name).spec.template.spec;
        const container = pod.containers.find((c: Json) => c.name === service.name);
        const port = startingConfig(service, objects, container).PORT;
        expect(port).toBe(service.port);
        const metricsPort = startingConfig(service, objects, container).METRICS_PORT;
        expect(metricsPort).toBe(service.metricsPort);
        expect(container.ports).toEqual([
          { name: 'http', containerPort: port, protocol: 'TCP' },
          { name: 'metrics', containerPort: metricsPort, protocol: 'TCP' },
        ]);
        const probePort = (probe: Json) => (probe.httpGet.port === 'http' ? port : probe.httpGet.port);
        expect(container.startupProbe.httpGet.path).toBe(HEALTH.live);
        expect(container.livenessProbe.httpGet.path).toBe(HEALTH.live);
        expect(container.readinessProbe.httpGet.path).toBe(HEALTH.ready);
        for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
          expect(probePort(probe)).toBe(port);
      }
    });

    it('runs every container, the migration Job included, as a non-root user on a read-only root filesystem', () => {
      for (const [, objects] of alone) {
        for (const pod of [named(objects, 'Deployment', service.name).spec.template.spec, jobOf(objects).spec.template.spec] as Json[]) {
          expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
          expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
          expect(pod.automountServiceAccountToken).toBe(false);
          for (const container of ALL_CONTAINERS(pod)) {
            expect(container.securityContext).toMatchObject({
              runAsNonRoot: true,
              allowPrivilegeEscalation: false,
              readOnlyRootFilesystem: true,
              capabilities: { drop: ['ALL'] },
            });
            expect(container.securityContext.runAsUser ?? pod.securityContext.runAsUser).not.toBe(0);
            expect(container.securityContext.privileged).toBeFalsy();
          }
        }
      }
    });

    it('names a released image, never latest, and the same one in the Deployment and the migration Job', () => {
      for (const [, objects] of alone) {
        const deployment = named(objects, 'Deployment', service.name);
        const job = jobOf(objects);
        const images = [...ALL_CONTAINERS(deployment.spec.template.spec), ...job.spec.template.spec.containers].map(
          (c: Json) => c.image as string,
        );
        for (const image of images) {
          expect(image).toMatch(new RegExp(`/${service.name}(:[A-Za-z0-9_][A-Za-z0-9_.-]*)?(@sha256:[a-f0-9]{64})?$`));
          expect(image).toMatch(/:[^/]+$|@sha256:/);
          expect(image).not.toMatch(/:latest(@|$)/);
        }
        expect(new Set(images).size).toBe(1);
      }
    });

    it('sets requests and limits of CPU and memory on every container', () => {
      for (const [, objects] of alone) {
        const pods = [named(objects, 'Deployment', service.name).spec.template.spec, jobOf(objects).spec.template.spec];
        for (const container of pods.flatMap(ALL_CONTAINERS)) {
          expect(Object.keys(container.resources.requests).sort()).toEqual(['cpu', 'memory']);
          expect(Object.keys(container.resources.limits).sort()).toEqual(['cpu', 'memory']);
        }
      }
    });

    it('holds a busy service and a claim fax render at its limit within the container’s memory (coverage-claims’ render process)', () => {
      if (service.name !== 'coverage-claims') return;
      const mebibytes = (quantity: string) => {
        const [, value, unit] = /^(\d+)(Mi|Gi)$/.exec(quantity)!;
        return Number(value) * (unit === 'Gi' ? 1024 : 1);
      };
      for (const [, objects] of alone) {
        const container = named(objects, 'Deployment', service.name).spec.template.spec.containers[0];
        const render = (startingConfig(service, objects, container) as unknown as { CLAIM_DELIVERY_RENDER_MAX_RSS_MB: number })
          .CLAIM_DELIVERY_RENDER_MAX_RSS_MB;
        // The render process's own limit: its runtime and fonts (about 110 MiB) and a PNG at the image budgets (about 190 more).
        expect(render).toBeGreaterThanOrEqual(320);
        // Beside it, a busy service (about 250 MiB delivering, more after a burst of requests).
        expect(render + 384).toBeLessThanOrEqual(mebibytes(container.resources.limits.memory));
      }
    });

    it('gives a stopping pod longer than the preStop delay plus the whole shutdown (SHUTDOWN_TIMEOUT_MS, drain included)', () => {
      for (const [, objects] of alone) {
        const pod = named(objects, 'Deployment', service.name).spec.template.spec;
        const container = pod.containers.find((c: Json) => c.name === service.name);
        const preStop = container.lifecycle.preStop.exec.command as string[];
        expect(preStop.slice(0, 1)).toEqual(['sleep']);
        const shutdownSeconds = startingConfig(service, objects, container).SHUTDOWN_TIMEOUT_MS / 1000;
        expect(Number(preStop[1])).toBeGreaterThanOrEqual(5);
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(preStop[1]) + shutdownSeconds);
      }
    });

    it('migrates with a Job named after the release, and holds new pods until the schema has their migrations', () => {
      for (const [, objects] of alone) {
        const deployment = named(objects, 'Deployment', service.name);
        const job = jobOf(objects);
        const tag = (deployment.spec.template.spec.containers[0].image as string).split(':').pop();
        expect(job.metadata.name).toBe(`${service.name}-migrate-${tag}`);
        expect(job.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
        expect(job.metadata.name.length).toBeLessThanOrEqual(63);
        const entry = `dist/apps/${service.name}/src/migrate.js`;
        expect(job.spec.template.spec.containers[0].command).toEqual(['node', entry]);
        expect(job.spec.template.spec.restartPolicy).toBe('Never');
        const [wait] = deployment.spec.template.spec.initContainers;
        expect(wait.command.slice(0, 3)).toEqual(['node', entry, '--wait']);
        // The Deployment's pods leave migrations to the Job.
        const container = deployment.spec.template.spec.containers[0];
        expect(startingConfig(service, objects, container).MIGRATIONS_RUN).toBe(false);
      }
    });

    it('configures only variables the service reads, with values it accepts once the Secret has its keys', () => {
      const declared = Object.keys(new service.configClass());
      for (const key of Object.keys(secretTemplate(service).stringData)) expect(declared).toContain(key);
      for (const [, objects] of alone) {
        const container = named(objects, 'Deployment', service.name).spec.template.spec.containers[0];
        for (const key of Object.keys(configMapOf(objects, container))) expect(declared).toContain(key);
        expect(startingConfig(service, objects, container).NODE_ENV).toBe('production');
      }
    });

    it('reads its secrets from the Secret of the template, which holds no value', () => {
      const template = secretTemplate(service);
      expect(template.data).toBeUndefined();
      for (const value of Object.values(template.stringData)) expect(value).toBe('');
      for (const [, objects] of alone) {
        expect(ofKind(objects, 'Secret')).toEqual([]);
        const deployment = named(objects, 'Deployment', service.name);
        const job = jobOf(objects);
        const container = deployment.spec.template.spec.containers[0];
        expect(container.envFrom).toContainEqual({ secretRef: { name: template.metadata.name } });
        const urlFrom = (c: Json) => c.env.find((e: Json) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef;
        expect(urlFrom(deployment.spec.template.spec.initContainers[0])).toEqual({ name: template.metadata.name, key: 'DATABASE_URL' });
        expect(urlFrom(job.spec.template.spec.containers[0])).toEqual({ name: template.metadata.name, key: 'DATABASE_URL' });
      }
    });

    it('exposes the pods through its Service, scales them with an HPA and bounds disruptions with a PDB', () => {
      for (const [, objects] of alone) {
        const deployment = named(objects, 'Deployment', service.name);
        const labels = deployment.spec.template.metadata.labels;
        expect(matches(deployment.spec.selector.matchLabels, labels)).toBe(true);
        const svc = named(objects, 'Service', service.name);
        expect(matches(svc.spec.selector, labels)).toBe(true);
        expect(svc.spec.ports).toEqual([expect.objectContaining({ name: 'http', targetPort: 'http' })]);
        expect(deployment.spec.replicas).toBeUndefined();
        const [hpa] = ofKind(objects, 'HorizontalPodAutoscaler') as Json[];
        expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: service.name });
        expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
        expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
        const [pdb] = ofKind(objects, 'PodDisruptionBudget') as Json[];
        expect(matches(pdb.spec.selector.matchLabels, labels)).toBe(true);
      }
    });

    it('lets only the ingress controller reach the HTTP port and only Prometheus the metrics port, which Prometheus is told to scrape', () => {
      const peers = {
        http: { namespace: 'ingress-nginx', pod: 'ingress-nginx' },
        metrics: { namespace: 'monitoring', pod: 'prometheus' },
      } as const;
      for (const [, objects] of alone) {
        const template = named(objects, 'Deployment', service.name).spec.template;
        const [policy] = ofKind(objects, 'NetworkPolicy') as Json[];
        expect(matches(policy.spec.podSelector.matchLabels, template.metadata.labels)).toBe(true);
        expect(policy.spec.policyTypes).toContain('Ingress');
        expect(policy.spec.ingress.map((rule: Json) => rule.ports)).toEqual([
          [{ protocol: 'TCP', port: 'http' }],
          [{ protocol: 'TCP', port: 'metrics' }],
        ]);
        for (const rule of policy.spec.ingress) {
          const expected = peers[rule.ports[0].port as keyof typeof peers];
          expect(rule.from.length).toBeGreaterThan(0);
          for (const peer of rule.from) {
            expect(peer.ipBlock).toBeUndefined();
            expect(peer.namespaceSelector).toEqual({ matchLabels: { 'kubernetes.io/metadata.name': expected.namespace } });
            expect(peer.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': expected.pod } });
          }
        }
        expect(template.metadata.annotations).toEqual({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(service.metricsPort),
          'prometheus.io/path': '/metrics',
        });
      }
    });
  });

  it('run the rate-limit Redis that both services count in (REDIS_URL), reached only from their API pods, behind one proxy hop', () => {
    for (const env of environments) {
      const objects = rendered.get(env)!;
      const redis = named(objects, 'Deployment', 'redis');
      const svc = named(objects, 'Service', 'redis');
      expect(matches(svc.spec.selector, redis.spec.template.metadata.labels)).toBe(true);
      const [container] = redis.spec.template.spec.containers;
      expect(container.image).toMatch(/^redis:\d+\.\d+\.\d+/);
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        allowPrivilegeEscalation: false,
      });
      expect(container.resources.limits).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
      const policy = named(objects, 'NetworkPolicy', 'redis-services-only');
      expect(matches(policy.spec.podSelector.matchLabels, redis.spec.template.metadata.labels)).toBe(true);
      for (const service of SERVICES) {
        const deployment = named(objects, 'Deployment', service.name);
        const config = startingConfig(service, objects, deployment.spec.template.spec.containers[0]);
        expect(config.REDIS_URL).toBe(`redis://${svc.metadata.name}:${svc.spec.ports[0].port}`);
        expect(config.TRUSTED_PROXY_HOPS).toBe(1);
        expect(
          policy.spec.ingress[0].from.some((peer: Json) => matches(peer.podSelector.matchLabels, deployment.spec.template.metadata.labels)),
        ).toBe(true);
      }
    }
  });

  it('map the two base URLs onto the two services by host name: every route of each service on its host, by the Ingress path rules', () => {
    for (const env of environments) {
      const ingresses = ofKind(rendered.get(env)!, 'Ingress') as Json[];
      expect(ingresses.map((ingress) => ingress.metadata.name)).toEqual(['insure-api', 'insure-api-unlogged']);
      expect(rendered.get(`${env}/ingress`)).toEqual(ingresses);
      const paths = ingressPaths(ingresses);
      const hosts = [...new Set(paths.map((entry) => entry.host))];
      expect(hosts).toEqual([expect.stringMatching(/^api\./), expect.stringMatching(/^lead-api\./)]);
      for (const ingress of ingresses) expect(ingress.spec.tls).toEqual([{ hosts, secretName: 'insure-api-tls' }]);
      // Exact and Prefix only (ImplementationSpecific is a string prefix to ingress-nginx: /p takes /px);
      // no trailing slash on a Prefix path, so that ingress-nginx's two locations (`/p/` and `= /p`) are
      // exactly the element-wise match; no path in two objects, where which one wins is not defined.
      for (const entry of paths) {
        expect(['Exact', 'Prefix']).toContain(entry.pathType);
        if (entry.pathType === 'Prefix' && entry.path !== '/') expect(entry.path).not.toMatch(/\/$/);
      }
      expect(new Set(paths.map((entry) => `${entry.host} ${entry.path}`)).size).toBe(paths.length);
      expect(routeOf(paths, hosts[0], '/')?.ingress).toBe('insure-api');
      expect(routeOf(paths, hosts[1], '/')?.ingress).toBe('insure-api');

      for (const [service, host] of onHosts(hosts)) {
        for (const { requestPath } of requestsTo(service)) {
          const backend = routeOf(paths, host, requestPath)?.backend;
          expect({ host, requestPath, backend }).toEqual({ host, requestPath, backend: { name: service.name, port: { name: 'http' } } });
        }
        expect(named(rendered.get(env)!, 'Service', service.name).spec.ports.map((p: Json) => p.name)).toContain('http');
      }
    }
    const hostsOf = (env: string) => ingressPaths(ofKind(rendered.get(env)!, 'Ingress')).map((entry) => entry.host);
    expect(hostsOf(environments[0])).not.toEqual(hostsOf(environments[1]));
  });

  it('keep out of the access log every route whose query string carries a credential, and only the routes beside them', () => {
    for (const env of environments) {
      const ingresses = ofKind(rendered.get(env)!, 'Ingress') as Json[];
      const paths = ingressPaths(ingresses);
      const [logged, unlogged] = ingresses;
      // The access log is all that differs: the evidence files' body size holds on the upload paths too.
      const { [ACCESS_LOG]: accessLog, ...annotations } = unlogged.metadata.annotations;
      expect(accessLog).toBe('false');
      expect(logged.metadata.annotations).toEqual(annotations);
      expect(annotations).toEqual({
        'nginx.ingress.kubernetes.io/proxy-body-size': '11m',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '210',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '210',
      });
      expect(unlogged.spec.ingressClassName).toBe(logged.spec.ingressClassName);

      const hosts = [...new Set(paths.map((entry) => entry.host))];
      const lost: string[] = [];
      for (const [service, host] of onHosts(hosts)) {
        for (const { operation, requestPath, credentials } of requestsTo(service)) {
          const accessLogged = routeOf(paths, host, requestPath)!.accessLogged;
          if (credentials.length > 0)
            expect({ operation, credentials, accessLogged }).toEqual({ operation, credentials, accessLogged: false });
          if (!accessLogged && credentials.length === 0) lost.push(`${service.name} ${operation}`);
        }
      }
      // What the access log loses beyond the credentials' routes: the one other operation under /api/v1/auth,
      // and paths beside the routes, which no service serves (404).
      expect(lost.filter((entry) => !entry.endsWith(' (no route)'))).toEqual(['coverage-claims POST /api/v1/auth/sign-out']);
      expect(lost.filter((entry) => entry.endsWith(' (no route)'))).toEqual([
        'coverage-claims GET /api/v1/auth (no route)',
        'coverage-claims GET /api/v1/files/upload (no route)',
        'coverage-claims GET /api/v1/files/download (no route)',
        'lead-distribution GET /api/v1/files/upload (no route)',
        'lead-distribution GET /api/v1/files/download (no route)',
      ]);
    }
  });
});

describe('coverage-claims’ outside systems in the overlays', () => {
  const service = SERVICES.find((candidate) => candidate.name === 'coverage-claims')!;
  const CREDENTIALS = [
    'SOLAPI_API_KEY',
    'SOLAPI_API_SECRET',
    'POPBILL_LINK_ID',
    'POPBILL_SECRET_KEY',
    'CODEF_CLIENT_ID',
    'CODEF_CLIENT_SECRET',
    'CODEF_PUBLIC_KEY',
  ];
  const inOverlay = (env: 'dev' | 'prod') => {
    const objects = rendered.get(`overlays/${env}/coverage-claims`)!;
    const container = named(objects, 'Deployment', service.name).spec.template.spec.containers[0];
    return {
      objects,
      env: startingEnv(service, objects, container),
      config: startingConfig(service, objects, container) as unknown as CoverageClaimsConfig,
    };
  };

  it('prod reaches the real providers (SOLAPI, Popbill’s production service, CODEF’s production host): no sandbox at all', () => {
    const { config, env } = inOverlay('prod');
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      SMS_ADAPTER: 'solapi',
      FAX_ADAPTER: 'popbill',
      POPBILL_IS_TEST: false,
      INSURANCE_DATA_ADAPTER: 'codef',
      NHIS_ADAPTER: 'codef',
      CODEF_ENV: 'production',
      ALLOW_SANDBOX_ADAPTERS: false,
    });
    // The analysis outwaits one CODEF call, whose first step holds it while the customer's phone is asked.
    expect(config.INSURANCE_DATA_TIMEOUT_MS).toBeGreaterThan(config.CODEF_TIMEOUT_MS);
    // And the Ingress outwaits the analysis (ingress-nginx's own default is 60 s).
    for (const ingress of ofKind(rendered.get('overlays/prod')!, 'Ingress') as Json[])
      expect(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
        config.INSURANCE_DATA_TIMEOUT_MS / 1000,
      );
    // So the service itself refuses any sandbox there, and CODEF's sandbox host (fixed samples) too.
    const filled = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, SAMPLE_PLACEHOLDER_VALUES[key] ?? value]));
    for (const variable of ['SMS_ADAPTER', 'FAX_ADAPTER', 'INSURANCE_DATA_ADAPTER', 'NHIS_ADAPTER'])
      expect(problemsOf(() => loadConfig(service.configClass, { ...filled, [variable]: 'sandbox' }))).toEqual([
        expect.stringMatching(
          new RegExp(`^ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: ${variable}=sandbox`),
        ),
      ]);
    expect(problemsOf(() => loadConfig(service.configClass, { ...filled, CODEF_ENV: 'sandbox' }))).toEqual([
      expect.stringMatching(
        /^ALLOW_SANDBOX_ADAPTERS: NODE_ENV=production refuses sandbox adapters, which reach no one: .*CODEF_ENV=sandbox/,
      ),
    ]);
  });

  it('prod leaves the sender numbers and the business number to fill in, and the service refuses them until they are', () => {
    const { env } = inOverlay('prod');
    const placeholders = Object.keys(env).filter((key) => PLACEHOLDER.test(env[key]));
    expect(placeholders.sort()).toEqual(['POPBILL_CORP_NUM', 'POPBILL_SENDER_NUM', 'SOLAPI_SENDER']);
    const refused = problemsOf(() => loadConfig(service.configClass, env)).map((problem) => problem.split(':')[0]);
    expect(refused.sort()).toEqual(placeholders.sort());
  });

  it('reads the SOLAPI, Popbill and CODEF credentials from the Secret, whose template names them', () => {
    const template = secretTemplate(service);
    expect(Object.keys(template.stringData)).toEqual(expect.arrayContaining(CREDENTIALS));
    const { objects } = inOverlay('prod');
    const container = named(objects, 'Deployment', service.name).spec.template.spec.containers[0];
    expect(container.envFrom).toContainEqual({ secretRef: { name: template.metadata.name } });
    // Never in the ConfigMap, whatever an overlay merges into it.
    const configMap = configMapOf(objects, container);
    for (const key of CREDENTIALS) expect(configMap[key]).toBeUndefined();
  });

  it('dev keeps every sandbox, which ALLOW_SANDBOX_ADAPTERS=true lets start in production mode', () => {
    const { config } = inOverlay('dev');
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      SMS_ADAPTER: 'sandbox',
      FAX_ADAPTER: 'sandbox',
      INSURANCE_DATA_ADAPTER: 'sandbox',
      NHIS_ADAPTER: 'sandbox',
      ALLOW_SANDBOX_ADAPTERS: true,
    });
  });

  it('lets the pods reach the providers (SOLAPI, Popbill, LinkHub, CODEF): egress is open, or open on TCP 443 to the internet', () => {
    const httpsToInternet = (rule: Json) =>
      (rule.ports === undefined || rule.ports.some((port: Json) => port.port === 443 && (port.protocol ?? 'TCP') === 'TCP')) &&
      (rule.to === undefined || rule.to.some((peer: Json) => peer.ipBlock?.cidr === '0.0.0.0/0'));
    for (const env of ['dev', 'prod'] as const) {
      const objects = rendered.get(`overlays/${env}`)!;
      const labels = named(objects, 'Deployment', service.name).spec.template.metadata.labels;
      const fencing = (ofKind(objects, 'NetworkPolicy') as Json[]).filter(
        (policy) => matches(policy.spec.podSelector.matchLabels ?? {}, labels) && policy.spec.policyTypes.includes('Egress'),
      );
      if (fencing.length > 0) expect(fencing.flatMap((policy) => policy.spec.egress ?? []).some(httpsToInternet)).toBe(true);
    }
  });
});
