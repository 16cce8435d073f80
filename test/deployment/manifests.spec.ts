import { loadConfig } from '#platform';
import type { CoverageClaimsConfig } from '../../apps/coverage-claims/src/config/coverage-claims.config.js';
import { PLACEHOLDER, SAMPLE_PLACEHOLDER_VALUES, SERVICES, ofKind } from './support.js';
import {
  ALL_CONTAINERS,
  configMapOf,
  environments,
  HEALTH,
  jobOf,
  matches,
  named,
  problemsOf,
  rendered,
  secretTemplate,
  startingConfig,
  startingEnv,
  type Json,
} from './overlays.js';

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
        const [policy] = (ofKind(objects, 'NetworkPolicy') as Json[]).filter((candidate) => candidate.spec.policyTypes.includes('Ingress'));
        expect(matches(policy.spec.podSelector.matchLabels, template.metadata.labels)).toBe(true);
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
