import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALLOW_LIST, INTERNAL_INGRESS_CLASS } from '../../scripts/k8s-policies.js';
import { REPO, SERVICES, healthPaths, ofKind, type K8sObject, type ServiceUnderTest } from './support.js';
import { environments, named, rendered, type Json } from './overlays.js';

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

/** The operator surface (issue 41): served only by the internal Ingress, refused on the public hosts. */
const isOperatorPath = (requestPath: string) => /^\/(console|api\/v1\/admin)(\/|$)/.test(requestPath);

/** The console's own paths, which the OpenAPI documents leave out. */
const CONSOLE_PATHS = ['/console', '/console/', '/console/access-records', '/console/assets/index-1.js'];

/** The public Ingress objects (insure-api, insure-api-unlogged) and the internal one (insure-operator), of one rendering. */
function ingressesOf(objects: K8sObject[]): { publicIngresses: Json[]; internal: Json[] } {
  const all = ofKind(objects, 'Ingress') as Json[];
  return {
    publicIngresses: all.filter((ingress) => ingress.spec.ingressClassName !== INTERNAL_INGRESS_CLASS),
    internal: all.filter((ingress) => ingress.spec.ingressClassName === INTERNAL_INGRESS_CLASS),
  };
}

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
  it('map the two base URLs onto the two services by host name: every public route of each service on its host, by the Ingress path rules', () => {
    for (const env of environments) {
      const { publicIngresses: ingresses } = ingressesOf(rendered.get(env)!);
      expect(ingresses.map((ingress) => ingress.metadata.name)).toEqual(['insure-api', 'insure-api-unlogged']);
      expect(rendered.get(`${env}/ingress`)).toEqual(ofKind(rendered.get(env)!, 'Ingress'));
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
      // Each host lists the path families it serves: nothing else, not even /, reaches a service.
      for (const host of hosts) expect(routeOf(paths, host, '/')).toBeUndefined();

      for (const [service, host] of onHosts(hosts)) {
        for (const { requestPath, operation } of requestsTo(service)) {
          const backend = routeOf(paths, host, requestPath)?.backend;
          if (isOperatorPath(requestPath)) expect({ host, requestPath, backend }).toEqual({ host, requestPath, backend: undefined });
          else if (operation.endsWith(' (no route)'))
            expect([undefined, { name: service.name, port: { name: 'http' } }]).toContainEqual(backend);
          else
            expect({ host, requestPath, backend }).toEqual({ host, requestPath, backend: { name: service.name, port: { name: 'http' } } });
        }
        expect(named(rendered.get(env)!, 'Service', service.name).spec.ports.map((p: Json) => p.name)).toContain('http');
      }
    }
    const hostsOf = (env: string) => ingressPaths(ingressesOf(rendered.get(env)!).publicIngresses).map((entry) => entry.host);
    expect(hostsOf(environments[0])).not.toEqual(hostsOf(environments[1]));
  });

  it('serve the operator surface (/console, /api/v1/admin) only on the internal hosts, whole services there, to an allow-list set per overlay', () => {
    const allowLists: string[] = [];
    for (const env of environments) {
      const { publicIngresses, internal } = ingressesOf(rendered.get(env)!);
      expect(internal.map((ingress) => ingress.metadata.name)).toEqual(['insure-operator']);
      const [operator] = internal;
      const paths = ingressPaths(internal);
      const hosts = [...new Set(paths.map((entry) => entry.host))];
      expect(hosts).toEqual([expect.stringMatching(/^api\.internal\./), expect.stringMatching(/^lead-api\.internal\./)]);
      expect(operator.spec.tls).toEqual([{ hosts, secretName: 'insure-operator-tls' }]);
      // No internal host is a public one.
      const publicHosts = ingressPaths(publicIngresses).map((entry) => entry.host);
      for (const host of hosts) expect(publicHosts).not.toContain(host);
      // The console calls its service's other operations on the origin that served it: every operation is there.
      for (const [service, host] of onHosts(hosts)) {
        const requests = [...requestsTo(service).map((request) => request.requestPath), ...CONSOLE_PATHS];
        expect(requests.filter(isOperatorPath).length).toBeGreaterThan(CONSOLE_PATHS.length);
        for (const requestPath of requests) {
          const backend = routeOf(paths, host, requestPath)?.backend;
          expect({ host, requestPath, backend }).toEqual({ host, requestPath, backend: { name: service.name, port: { name: 'http' } } });
        }
      }
      // And on the public hosts, none of the operator surface.
      const publicPaths = ingressPaths(publicIngresses);
      for (const host of [...new Set(publicPaths.map((entry) => entry.host))])
        for (const requestPath of [...CONSOLE_PATHS, '/api/v1/admin', '/api/v1/admin/partners', '/api/v1/admin/access-records'])
          expect({ host, requestPath, route: routeOf(publicPaths, host, requestPath) }).toEqual({ host, requestPath, route: undefined });
      allowLists.push(operator.metadata.annotations[ALLOW_LIST]);
    }
    // dev: the private ranges; prod: a documentation address (RFC 5737) until the operators' own are filled in.
    expect(allowLists).toEqual(['10.0.0.0/8,172.16.0.0/12,192.168.0.0/16', '192.0.2.0/32']);
  });

  it('keep out of the access log every route whose query string carries a credential, and only the routes beside them', () => {
    for (const env of environments) {
      const ingresses = ingressesOf(rendered.get(env)!).publicIngresses;
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
          const route = routeOf(paths, host, requestPath);
          // Not routed at all (the operator surface, a path beside no family): the controller answers 404 itself.
          if (route === undefined) {
            expect(credentials).toEqual([]);
            continue;
          }
          const accessLogged = route.accessLogged;
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
