import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { K8sObject } from './check-k8s.js';

/**
 * What `check:k8s` asks of a rendered kustomization beyond the API schemas (docs/operations/deployment.md,
 * "Egress" and "The internal Ingress"):
 *
 * - every workload is fenced: each pod template of a Deployment is selected by a NetworkPolicy with
 *   Ingress rules and by one with Egress rules, each of a Job by one with Egress rules;
 * - no egress rule reaches the cloud metadata service: a rule names its peers (a rule without `to`
 *   allows every address), and an `ipBlock` whose range holds a metadata address excepts it;
 * - the operator surface (/console, /api/v1/admin) is routed only by the internal Ingress (class
 *   INTERNAL_INGRESS_CLASS), which serves it to an address allow-list that is not the whole internet;
 *   every other Ingress routes none of it, and has no default backend that would.
 */

/** The ingress class of the internal controller, the only one that may route the operator surface. */
export const INTERNAL_INGRESS_CLASS = 'nginx-internal';

/** The annotation holding the internal Ingress's address allow-list (comma-separated CIDRs). */
export const ALLOW_LIST = 'nginx.ingress.kubernetes.io/whitelist-source-range';

/** Path prefixes of the operator surface, and requests under them an Ingress path must not take outside the internal Ingress. */
export const OPERATOR_PATHS = ['/console', '/api/v1/admin'];
const OPERATOR_REQUESTS = OPERATOR_PATHS.flatMap((prefix) => [prefix, `${prefix}/`, `${prefix}/access-records`]);

/** The instance metadata services: AWS, GCP, Azure and others on 169.254.169.254, AWS's IPv6 endpoint. */
export const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped JSON, read field by field */
type Json = any;

const WORKLOADS: Record<string, (object: Json) => Json> = {
  Deployment: (object) => object.spec?.template,
  StatefulSet: (object) => object.spec?.template,
  DaemonSet: (object) => object.spec?.template,
  Job: (object) => object.spec?.template,
  CronJob: (object) => object.spec?.jobTemplate?.spec?.template,
};

/** Workloads that serve requests, and so need an ingress fence besides an egress one. */
const SERVING = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

function describe(object: K8sObject): string {
  return `${object.kind}/${object.metadata?.name}`;
}

function selects(policy: Json, namespace: string | undefined, labels: Record<string, string>): boolean {
  if (policy.metadata?.namespace !== namespace) return false;
  const selector = policy.spec?.podSelector ?? {};
  if (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0) return false;
  return Object.entries((selector.matchLabels ?? {}) as Record<string, string>).every(([key, value]) => labels[key] === value);
}

function policyTypes(policy: Json): string[] {
  const declared = policy.spec?.policyTypes as string[] | undefined;
  if (declared) return declared;
  // The API's default: Ingress always, Egress when the policy has egress rules.
  return policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress'];
}

/** `a.b.c.d/n` or `x::/n` as a BlockList, or null when it is not a CIDR. */
function rangeOf(cidr: string): BlockList | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(cidr.trim());
  if (!match) return null;
  const [, address, bits] = match;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (family === null || Number(bits) > (family === 'ipv4' ? 32 : 128)) return null;
  const list = new BlockList();
  list.addSubnet(address, Number(bits), family);
  return list;
}

/** Whether the range holds the address, of the same family (BlockList would find an IPv4 address in ::/0, as ::ffff:a.b.c.d). */
function holds(cidr: string, address: string): boolean {
  if (isIPv4(cidr.split('/')[0]) !== isIPv4(address)) return false;
  return rangeOf(cidr)?.check(address, isIPv4(address) ? 'ipv4' : 'ipv6') ?? false;
}

function egressProblems(policy: Json): string[] {
  const problems: string[] = [];
  (policy.spec?.egress ?? []).forEach((rule: Json, index: number) => {
    const where = `${describe(policy)}: egress rule ${index + 1}`;
    const peers = (rule.to ?? []) as Json[];
    if (peers.length === 0) {
      problems.push(`${where} names no peer, so it allows every address, the metadata service's (${METADATA_ADDRESSES[0]}) with it`);
      return;
    }
    for (const peer of peers) {
      if (!peer.ipBlock) continue;
      const { cidr, except = [] } = peer.ipBlock as { cidr: string; except?: string[] };
      for (const address of METADATA_ADDRESSES) {
        if (holds(cidr, address) && !except.some((excepted) => holds(excepted, address)))
          problems.push(`${where}: ipBlock ${cidr} holds the metadata address ${address}, which it does not except`);
      }
    }
  });
  return problems;
}

const elementsOf = (urlPath: string) => urlPath.split('/').filter(Boolean);

/** Whether an Ingress path takes the request path, by the Ingress API's rules (ImplementationSpecific: ingress-nginx's string prefix). */
function takes(entry: Json, requestPath: string): boolean {
  if (entry.pathType === 'Exact') return entry.path === requestPath;
  if (entry.pathType === 'Prefix') {
    const request = elementsOf(requestPath);
    return elementsOf(entry.path ?? '/').every((element, index) => request[index] === element);
  }
  return requestPath.startsWith(entry.path ?? '/');
}

function ingressProblems(ingresses: Json[]): string[] {
  const problems: string[] = [];
  const internal = ingresses.filter((ingress) => ingress.spec?.ingressClassName === INTERNAL_INGRESS_CLASS);
  for (const ingress of ingresses) {
    if (internal.includes(ingress)) continue;
    if (ingress.spec?.defaultBackend)
      problems.push(
        `${describe(ingress)}: a default backend on a public Ingress routes the operator surface (${OPERATOR_PATHS.join(', ')})`,
      );
    for (const rule of ingress.spec?.rules ?? []) {
      for (const entry of rule.http?.paths ?? []) {
        const taken = OPERATOR_REQUESTS.filter((request) => takes(entry, request));
        if (taken.length > 0)
          problems.push(
            `${describe(ingress)}: path ${entry.path} of ${rule.host ?? 'every host'} routes the operator surface (${taken.join(', ')}), ` +
              `which only the internal Ingress (class ${INTERNAL_INGRESS_CLASS}) may serve`,
          );
      }
    }
  }
  if (ingresses.length > 0 && internal.length === 0)
    problems.push(`no internal Ingress (class ${INTERNAL_INGRESS_CLASS}) serves the operator surface (${OPERATOR_PATHS.join(', ')})`);
  for (const ingress of internal) {
    const allowList = ingress.metadata?.annotations?.[ALLOW_LIST] as string | undefined;
    const ranges = (allowList ?? '')
      .split(',')
      .map((range) => range.trim())
      .filter(Boolean);
    if (ranges.length === 0) problems.push(`${describe(ingress)}: no address allow-list (${ALLOW_LIST})`);
    for (const range of ranges) {
      if (rangeOf(range.includes('/') ? range : `${range}/${isIPv4(range) ? 32 : 128}`) === null)
        problems.push(`${describe(ingress)}: ${ALLOW_LIST}: ${range} is not an address or a CIDR`);
      else if (/\/0$/.test(range)) problems.push(`${describe(ingress)}: ${ALLOW_LIST}: ${range} allows every address`);
    }
    for (const rule of ingress.spec?.rules ?? []) {
      const paths = (rule.http?.paths ?? []) as Json[];
      const missing = OPERATOR_PATHS.filter((prefix) => !paths.some((entry) => takes(entry, `${prefix}/`)));
      if (missing.length > 0) problems.push(`${describe(ingress)}: ${rule.host ?? 'every host'} does not serve ${missing.join(', ')}`);
    }
  }
  return problems;
}

/** The problems of one rendered kustomization (empty: it keeps every rule above). */
export function policyProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as Json[];
  for (const object of objects) {
    const template = WORKLOADS[object.kind]?.(object);
    if (!template) continue;
    const labels = (template.metadata?.labels ?? {}) as Record<string, string>;
    const fencing = policies.filter((policy) => selects(policy, object.metadata.namespace, labels));
    const needed = SERVING.has(object.kind) ? ['Ingress', 'Egress'] : ['Egress'];
    for (const type of needed)
      if (!fencing.some((policy) => policyTypes(policy).includes(type)))
        problems.push(`${describe(object)}: no NetworkPolicy with ${type} rules selects its pods`);
  }
  for (const policy of policies) problems.push(...egressProblems(policy));
  problems.push(...ingressProblems(objects.filter((object) => object.kind === 'Ingress')));
  return problems;
}
