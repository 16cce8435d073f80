import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, SERVICES, healthPaths, ofKind, type ServiceUnderTest } from './support.js';
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
