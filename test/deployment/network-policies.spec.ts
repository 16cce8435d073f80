import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkManifests } from '../../scripts/check-k8s.js';
import { ALLOW_LIST, INTERNAL_INGRESS_CLASS, policyProblems } from '../../scripts/k8s-policies.js';
import { K8S, SERVICES, ofKind, type K8sObject } from './support.js';
import { environments, matches, named, rendered, type Json } from './overlays.js';

/**
 * The network fences of issue 41 (docs/operations/deployment.md, "Egress"): each service's pods reach
 * the cluster DNS, PostgreSQL, the rate-limit Redis and HTTPS on public addresses only, never the
 * cloud metadata address; Redis reaches nothing; and `check:k8s` refuses a rendered kustomization
 * that breaks any of it, or routes the operator surface outside the internal Ingress.
 */

const METADATA = '169.254.169.254/32';
const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

const egressOf = (objects: K8sObject[], name: string): Json =>
  (ofKind(objects, 'NetworkPolicy') as Json[]).find(
    (policy) => policy.spec.policyTypes.includes('Egress') && policy.metadata.labels['app.kubernetes.io/name'] === name,
  );

/** A rendered kustomization, copied so that a test may break it. */
const copyOf = (objects: K8sObject[]): Json[] => structuredClone(objects) as Json[];

describe('the egress NetworkPolicies', () => {
  it.each(SERVICES)('let every pod of $name reach only DNS, PostgreSQL, Redis and HTTPS on public addresses', (service) => {
    for (const env of environments) {
      for (const objects of [rendered.get(env)!, rendered.get(`${env}/${service.name}`)!]) {
        const policy = egressOf(objects, service.name);
        expect(policy).toBeDefined();
        // The API pods and the migration Job's.
        expect(matches(policy.spec.podSelector.matchLabels, named(objects, 'Deployment', service.name).spec.template.metadata.labels)).toBe(
          true,
        );
        const job = (ofKind(objects, 'Job') as Json[]).find(
          (candidate) => candidate.metadata.labels['app.kubernetes.io/name'] === service.name,
        );
        expect(matches(policy.spec.podSelector.matchLabels, job.spec.template.metadata.labels)).toBe(true);
        const [dns, postgres, redis, https] = policy.spec.egress;
        expect(policy.spec.egress).toHaveLength(4);
        expect(dns).toEqual({
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
              podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        });
        expect(postgres).toEqual({ to: PRIVATE.map((cidr) => ({ ipBlock: { cidr } })), ports: [{ protocol: 'TCP', port: 5432 }] });
        expect(https.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
        expect(https.to).toHaveLength(1);
        expect(https.to[0].ipBlock.cidr).toBe('0.0.0.0/0');
        expect(https.to[0].ipBlock.except).toEqual(
          expect.arrayContaining([METADATA, '169.254.0.0/16', '127.0.0.0/8', '100.64.0.0/10', ...PRIVATE]),
        );
        if (env === 'overlays/dev' || env === 'overlays/prod') {
          // The Redis of REDIS_URL, on the port its container listens on.
          const whole = rendered.get(env)!;
          const redisPod = named(whole, 'Deployment', 'redis').spec.template;
          expect(matches(redis.to[0].podSelector.matchLabels, redisPod.metadata.labels)).toBe(true);
          expect(redis.ports).toEqual([{ protocol: 'TCP', port: redisPod.spec.containers[0].ports[0].containerPort }]);
        }
      }
    }
  });

  it('let Redis reach nothing', () => {
    for (const env of environments) {
      const policy = named(rendered.get(env)!, 'NetworkPolicy', 'redis-services-only');
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(policy.spec.egress ?? []).toEqual([]);
    }
  });
});

describe('check:k8s', () => {
  const prod = () => copyOf(rendered.get('overlays/prod')!);

  it('finds nothing to refuse in any rendered kustomization', () => {
    expect([...rendered].flatMap(([dir, objects]) => policyProblems(objects).map((problem) => `${dir}: ${problem}`))).toEqual([]);
  });

  it('refuses a service whose pods no egress NetworkPolicy selects, and one whose pods no ingress one does', () => {
    const objects = prod().filter((object) => object.metadata.name !== 'lead-distribution-egress');
    expect(policyProblems(objects)).toEqual([
      'Deployment/lead-distribution: no NetworkPolicy with Egress rules selects its pods',
      'Job/lead-distribution-migrate-0.1.0: no NetworkPolicy with Egress rules selects its pods',
    ]);
    const open = prod().filter((object) => object.metadata.name !== 'coverage-claims-ingress-and-prometheus-only');
    expect(policyProblems(open)).toEqual(['Deployment/coverage-claims: no NetworkPolicy with Ingress rules selects its pods']);
  });

  it('refuses an egress rule that reaches the metadata address: an ipBlock without its except, or a rule without peers', () => {
    const objects = prod();
    const policy = egressOf(objects, 'coverage-claims');
    const https = policy.spec.egress[3];
    https.to[0].ipBlock.except = https.to[0].ipBlock.except.filter((cidr: string) => !cidr.startsWith('169.254.'));
    policy.spec.egress.push({ to: [{ ipBlock: { cidr: '::/0', except: ['fe80::/10'] } }], ports: [{ protocol: 'TCP', port: 443 }] });
    policy.spec.egress.push({ ports: [{ protocol: 'TCP', port: 80 }] });
    expect(policyProblems(objects)).toEqual([
      'NetworkPolicy/coverage-claims-egress: egress rule 4: ipBlock 0.0.0.0/0 holds the metadata address 169.254.169.254, which it does not except',
      'NetworkPolicy/coverage-claims-egress: egress rule 5: ipBlock ::/0 holds the metadata address fd00:ec2::254, which it does not except',
      "NetworkPolicy/coverage-claims-egress: egress rule 6 names no peer, so it allows every address, the metadata service's (169.254.169.254) with it",
    ]);
  });

  it('refuses the operator surface on a public Ingress, and an internal Ingress open to every address or missing', () => {
    const objects = prod();
    const [publicIngress] = ofKind(objects, 'Ingress') as Json[];
    expect(publicIngress.metadata.name).toBe('insure-api');
    publicIngress.spec.rules[1].http.paths.push({
      path: '/api/v1/admin',
      pathType: 'Prefix',
      backend: { service: { name: 'lead-distribution', port: { name: 'http' } } },
    });
    publicIngress.spec.rules[0].http.paths.push({
      path: '/console',
      pathType: 'ImplementationSpecific',
      backend: { service: { name: 'coverage-claims', port: { name: 'http' } } },
    });
    const internal = named(objects, 'Ingress', 'insure-operator');
    expect(internal.spec.ingressClassName).toBe(INTERNAL_INGRESS_CLASS);
    internal.metadata.annotations[ALLOW_LIST] = '10.0.0.0/8,0.0.0.0/0,office';
    expect(policyProblems(objects)).toEqual([
      'Ingress/insure-api: path /console of api.example.com routes the operator surface (/console, /console/, /console/access-records), which only the internal Ingress (class nginx-internal) may serve',
      'Ingress/insure-api: path /api/v1/admin of lead-api.example.com routes the operator surface (/api/v1/admin, /api/v1/admin/, /api/v1/admin/access-records), which only the internal Ingress (class nginx-internal) may serve',
      `Ingress/insure-operator: ${ALLOW_LIST}: 0.0.0.0/0 allows every address`,
      `Ingress/insure-operator: ${ALLOW_LIST}: office is not an address or a CIDR`,
    ]);

    const withoutInternal = prod().filter((object) => object.metadata.name !== 'insure-operator');
    const unlogged = named(withoutInternal, 'Ingress', 'insure-api-unlogged');
    unlogged.spec.defaultBackend = { service: { name: 'coverage-claims', port: { name: 'http' } } };
    expect(policyProblems(withoutInternal)).toEqual([
      'Ingress/insure-api-unlogged: a default backend on a public Ingress routes the operator surface (/console, /api/v1/admin)',
      'no internal Ingress (class nginx-internal) serves the operator surface (/console, /api/v1/admin)',
    ]);
  });

  it('renders the manifests and names the kustomizations whose network fence is broken', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'k8s-'));
    try {
      await cp(K8S, copy, { recursive: true });
      const file = path.join(copy, 'lead-distribution', 'networkpolicy.yaml');
      const text = await readFile(file, 'utf8');
      expect(text).toContain('              - 169.254.169.254/32\n');
      await writeFile(file, text.replace('              - 169.254.169.254/32\n', '').replace('              - 169.254.0.0/16\n', ''));
      const problems = await checkManifests(copy);
      const broken = 'NetworkPolicy/lead-distribution-egress: egress rule 4: ipBlock 0.0.0.0/0 holds the metadata address 169.254.169.254';
      expect(
        problems.filter((problem) => problem.includes(broken)).map((problem) => path.relative(copy, path.resolve(problem.split(': ')[0]))),
      ).toEqual([
        'lead-distribution',
        'overlays/dev',
        'overlays/dev/lead-distribution',
        'overlays/prod',
        'overlays/prod/lead-distribution',
      ]);
      expect(problems.filter((problem) => !problem.includes(broken))).toEqual([]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
