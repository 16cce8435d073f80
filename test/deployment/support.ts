import 'reflect-metadata';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { ServiceConfig } from '#platform';
import { HealthController } from '../../libs/platform/src/health/health.controller.js';
import { CoverageClaimsConfig } from '../../apps/coverage-claims/src/config/coverage-claims.config.js';
import { LeadDistributionConfig } from '../../apps/lead-distribution/src/config/lead-distribution.config.js';
import { kustomizationDirs, renderKustomization, type K8sObject } from '../../scripts/check-k8s.js';

export { renderKustomization, kustomizationDirs, type K8sObject };

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The manifests checked: k8s/, or a copy named by K8S_ROOT (to see the checks fail on a broken one). */
export const K8S = process.env.K8S_ROOT ? path.resolve(process.env.K8S_ROOT) : path.join(REPO, 'k8s');

export interface ServiceUnderTest {
  name: 'coverage-claims' | 'lead-distribution';
  configClass: new () => ServiceConfig;
  /** The port the service listens on unless PORT says otherwise. */
  port: number;
  /** The port of its /metrics unless METRICS_PORT says otherwise. */
  metricsPort: number;
}

export const SERVICES: ServiceUnderTest[] = [
  {
    name: 'coverage-claims',
    configClass: CoverageClaimsConfig,
    port: new CoverageClaimsConfig().PORT,
    metricsPort: new CoverageClaimsConfig().METRICS_PORT,
  },
  {
    name: 'lead-distribution',
    configClass: LeadDistributionConfig,
    port: new LeadDistributionConfig().PORT,
    metricsPort: new LeadDistributionConfig().METRICS_PORT,
  },
];

/** The paths the platform's HealthController serves, read from its route metadata: `{ live: '/health/live', ready: '/health/ready' }`. */
export function healthPaths(): { live: string; ready: string } {
  const base = Reflect.getMetadata(PATH_METADATA, HealthController) as string;
  const route = (method: 'live' | 'ready') =>
    `/${base}/${Reflect.getMetadata(PATH_METADATA, HealthController.prototype[method]) as string}`.replace(/\/+/g, '/');
  return { live: route('live'), ready: route('ready') };
}

const base64Key = () => randomBytes(32).toString('base64');

/** A valid stand-in for each key a Secret of the services may hold (none is ever a real value). */
export const SAMPLE_SECRET_VALUES: Record<string, () => string> = {
  DATABASE_URL: () => 'postgres://app:sample@db.internal:5432/app',
  JWT_SECRET: () => randomBytes(32).toString('base64url'),
  DATA_ENCRYPTION_KEYS: () => `k1:${base64Key()}`,
  LOOKUP_HASH_KEY: base64Key,
  OPERATOR_API_KEYS: () => `op_${randomBytes(24).toString('hex')}`,
  FILE_UPLOAD_SECRET: () => randomBytes(32).toString('base64url'),
  S3_ACCESS_KEY_ID: () => 'AKIASAMPLESAMPLE',
  S3_SECRET_ACCESS_KEY: () => randomBytes(30).toString('base64'),
  SOLAPI_API_KEY: () => `NCS${randomBytes(8).toString('hex').toUpperCase()}`,
  SOLAPI_API_SECRET: () => randomBytes(16).toString('hex').toUpperCase(),
  POPBILL_LINK_ID: () => 'SAMPLE',
  POPBILL_SECRET_KEY: base64Key,
  CODEF_CLIENT_ID: () => randomUUID(),
  CODEF_CLIENT_SECRET: () => randomUUID(),
  // As CODEF shows it: base64 of the DER SubjectPublicKeyInfo, no PEM armour.
  CODEF_PUBLIC_KEY: () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
};

/** A configuration value an operator fills in before the first deployment; the service refuses it as it is. */
export const PLACEHOLDER = /^FILL-IN-/;

/** A valid stand-in for each configuration value an overlay leaves as a PLACEHOLDER. */
export const SAMPLE_PLACEHOLDER_VALUES: Record<string, string> = {
  SOLAPI_SENDER: '0212345678',
  POPBILL_CORP_NUM: '1234567890',
  POPBILL_SENDER_NUM: '0212345679',
};

/** The overlays: `k8s/overlays/<env>` and each part of it. */
export function overlayDirs(): string[] {
  return kustomizationDirs(path.join(K8S, 'overlays'));
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

/** A path inside the manifests' root, as `overlays/dev/ingress`. */
export function relative(target: string): string {
  return path.relative(K8S, target);
}
