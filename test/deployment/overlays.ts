import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '#platform';
import { parseObjects } from '../../scripts/check-k8s.js';
import {
  K8S,
  PLACEHOLDER,
  SAMPLE_PLACEHOLDER_VALUES,
  SAMPLE_SECRET_VALUES,
  healthPaths,
  ofKind,
  overlayDirs,
  relative,
  renderKustomization,
  type K8sObject,
  type ServiceUnderTest,
} from './support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped JSON, read field by field */
export type Json = any;

/** Every kustomization of k8s/, rendered once per test file (kubectl kustomize), by its directory. */
export const rendered = new Map(overlayDirs().map((dir) => [relative(dir), renderKustomization(dir)]));
export const environments = [...rendered.keys()].filter((dir) => /^overlays\/[^/]+$/.test(dir));
export const HEALTH = healthPaths();
export const ALL_CONTAINERS = (pod: Json): Json[] => [...(pod.initContainers ?? []), ...pod.containers];

export function jobOf(objects: K8sObject[]): Json {
  const jobs = ofKind(objects, 'Job');
  expect(jobs).toHaveLength(1);
  return jobs[0];
}

export function named(objects: K8sObject[], kind: string, name: string): Json {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
}

export function configMapOf(objects: K8sObject[], container: Json): Record<string, string> {
  const names = (container.envFrom ?? []).filter((from: Json) => from.configMapRef).map((from: Json) => from.configMapRef.name as string);
  return Object.assign({}, ...names.map((name: string) => named(objects, 'ConfigMap', name).data));
}

export function secretTemplate(service: ServiceUnderTest): Json {
  return parseObjects(readFileSync(path.join(K8S, service.name, 'secret.template.yaml'), 'utf8'))[0];
}

/** The environment the container starts with: its ConfigMap, and a sample for each key of the Secret template. */
export function startingEnv(service: ServiceUnderTest, objects: K8sObject[], container: Json): Record<string, string> {
  const secret = Object.keys(secretTemplate(service).stringData).map((key) => {
    if (!SAMPLE_SECRET_VALUES[key]) throw new Error(`add a sample value of ${key} to SAMPLE_SECRET_VALUES`);
    return [key, SAMPLE_SECRET_VALUES[key]()];
  });
  return { ...configMapOf(objects, container), ...Object.fromEntries(secret) };
}

/** The configuration the container starts with, once the Secret has its keys and the placeholders are filled in. */
export function startingConfig(service: ServiceUnderTest, objects: K8sObject[], container: Json) {
  const env = Object.entries(startingEnv(service, objects, container)).map(([key, value]) => {
    if (!PLACEHOLDER.test(value)) return [key, value];
    if (!SAMPLE_PLACEHOLDER_VALUES[key]) throw new Error(`add a sample value of ${key} to SAMPLE_PLACEHOLDER_VALUES`);
    return [key, SAMPLE_PLACEHOLDER_VALUES[key]];
  });
  return loadConfig(service.configClass, Object.fromEntries(env));
}

export function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

export function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}
