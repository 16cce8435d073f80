import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { policyProblems } from './k8s-policies.js';
import { repoRoot } from './repo-root.js';

/**
 * Renders every kustomization under a root (default `k8s/`) with `kubectl kustomize`, and checks
 * every rendered object, and every Secret template (`*.template.yaml`), against the Kubernetes API
 * schemas of the kubernetes-models package: types, required fields and formats with its JSON-schema
 * validators, and unknown fields (which the API server's strict field validation refuses) with
 * TypeScript's excess-property check against the same package's declarations; and, in each rendered
 * kustomization, the network fences and the operator surface's Ingress (scripts/k8s-policies.ts:
 * every workload selected by ingress and egress NetworkPolicies, no egress to the cloud metadata
 * address, /console and /api/v1/admin only on the internal Ingress, behind an address allow-list).
 * Exits 1 naming each problem.
 *
 *   node dist/scripts/check-k8s.js [root]
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Checked {
  /** The kustomization directory or template file the object comes from. */
  source: string;
  object: K8sObject;
}

const ROOT = repoRoot(import.meta.url);

/** Directories under `root` holding a kustomization (components excluded: they build only inside one). */
export function kustomizationDirs(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const file = entries.find((entry) => entry.isFile() && /^(kustomization\.ya?ml|Kustomization)$/.test(entry.name));
    if (file && !/^kind:\s*Component\s*$/m.test(readFileSync(path.join(dir, file.name), 'utf8'))) found.push(dir);
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(dir, entry.name));
  };
  walk(root);
  return found.sort();
}

/** `kubectl kustomize <dir>`, parsed. Throws with kubectl's message when the kustomization does not build. */
export function renderKustomization(dir: string): K8sObject[] {
  let output: string;
  try {
    output = execFileSync(process.env.KUBECTL ?? 'kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as { code?: string; stderr?: string; message: string };
    if (failure.code === 'ENOENT')
      throw new Error('kubectl is not installed: it renders the kustomizations (see docs/operations/deployment.md)', { cause: error });
    // kubectl prefixes its message with a klog header: `E1121 08:20:44.19 18414 run.go:72] "command failed" err="..."`.
    const message = (failure.stderr || failure.message).trim().replace(/^E\d{4} [^\]]*\] "command failed" err=/, '');
    throw new Error(`kubectl kustomize failed: ${message}`, { cause: error });
  }
  return parseObjects(output);
}

export function parseObjects(text: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('; '));
    const value = document.toJS() as K8sObject | null;
    if (value !== null) objects.push(value);
  }
  return objects;
}

export function describeObject(object: K8sObject): string {
  return `${object.kind ?? '?'}/${object.metadata?.name ?? '?'}`;
}

/** Module of kubernetes-models declaring `apiVersion`/`kind` (`apps/v1` + `Deployment` → `kubernetes-models/apps/v1/Deployment`). */
function modelModule(object: K8sObject): string {
  return `kubernetes-models/${object.apiVersion}/${object.kind}`;
}

async function schemaProblems(checked: Checked[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { source, object } of checked) {
    if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
      problems.push(`${source}: ${describeObject(object)}: apiVersion and kind are required`);
      continue;
    }
    let model: new (data: unknown) => { validate(): void };
    try {
      const exports = (await import(modelModule(object))) as Record<string, new (data: unknown) => { validate(): void }>;
      model = exports[object.kind];
    } catch {
      problems.push(`${source}: ${describeObject(object)}: no Kubernetes schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new model(object).validate();
    } catch (error) {
      problems.push(`${source}: ${describeObject(object)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/**
 * Fields the schema does not know. Each distinct object becomes a typed constant in a generated
 * module (`const o3: IDeployment = {...}`), which the TypeScript compiler checks for excess
 * properties at every depth.
 */
async function unknownFieldProblems(checked: Checked[]): Promise<string[]> {
  const distinct = new Map<string, Checked>();
  for (const entry of checked) {
    if (typeof entry.object.apiVersion === 'string' && typeof entry.object.kind === 'string') {
      const key = JSON.stringify(entry.object);
      if (!distinct.has(key)) distinct.set(key, entry);
    }
  }
  const entries = [...distinct.values()];
  const lines: string[] = [];
  const startLines: number[] = [];
  entries.forEach(({ object }, index) => lines.push(`import type { I${object.kind} as T${index} } from '${modelModule(object)}';`));
  entries.forEach(({ object }, index) => {
    startLines.push(lines.length);
    lines.push(...`export const o${index}: T${index} = ${JSON.stringify(object, null, 1)};`.split('\n'));
  });
  // Inside node_modules so that `kubernetes-models` resolves from the repository, whatever the root checked.
  const dir = path.join(ROOT, 'node_modules/.cache/check-k8s');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'objects.mts');
  await writeFile(file, `${lines.join('\n')}\n`);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const index = startLines.findLastIndex((start) => start <= line);
    return index >= 0 ? `${entries[index].source}: ${describeObject(entries[index].object)}: ${message}` : message;
  });
}

/** Renders and checks everything under `root`; returns the problems found (empty: all valid). */
export async function checkManifests(root: string, log: (line: string) => void = () => undefined): Promise<string[]> {
  const problems: string[] = [];
  const checked: Checked[] = [];
  const relative = (target: string) => path.relative(process.cwd(), target) || '.';
  const dirs = kustomizationDirs(root);
  if (dirs.length === 0) problems.push(`${relative(root)}: no kustomization found`);
  for (const dir of dirs) {
    try {
      const objects = renderKustomization(dir);
      if (objects.length === 0) problems.push(`${relative(dir)}: renders no object`);
      for (const object of objects) checked.push({ source: relative(dir), object });
      for (const problem of policyProblems(objects)) problems.push(`${relative(dir)}: ${problem}`);
      log(`rendered ${relative(dir)}: ${objects.length} objects`);
    } catch (error) {
      problems.push(`${relative(dir)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const file of templateFiles(root)) {
    try {
      for (const object of parseObjects(readFileSync(file, 'utf8'))) checked.push({ source: relative(file), object });
    } catch (error) {
      problems.push(`${relative(file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  problems.push(...(await schemaProblems(checked)), ...(await unknownFieldProblems(checked)));
  log(`checked ${checked.length} objects from ${dirs.length} kustomizations and the Secret templates`);
  return problems;
}

export function templateFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name.endsWith('.template.yaml')) found.push(path.join(dir, entry.name));
    }
  };
  walk(root);
  return found.sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(ROOT, 'k8s'));
  if (!existsSync(root)) {
    process.stderr.write(`${root} does not exist\nUsage: node dist/scripts/check-k8s.js [root]\n`);
    process.exit(2);
  }
  checkManifests(root, (line) => process.stdout.write(`${line}\n`)).then(
    (problems) => {
      if (problems.length === 0) {
        process.stdout.write('every rendered object is valid\n');
        return;
      }
      process.stderr.write(`${problems.length} problems:\n${problems.map((problem) => `  ${problem}`).join('\n')}\n`);
      process.exit(1);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
