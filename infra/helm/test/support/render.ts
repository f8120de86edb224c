// Lints and renders the chart with the cached Helm, once per value set and test process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { K8sObject } from './objects';
import { helm, KUBERNETES_VERSION } from './tools';

export const chartDir = path.join(__dirname, '..', '..', 'kidslearn');
export const RELEASE = 'kidslearn';
export const NAMESPACE = 'kidslearn';

/** The two value sets an operator installs: development (values.yaml) and production (values.yaml + production). */
export const VALUE_SETS = {
  development: ['values.yaml'],
  production: ['values.yaml', 'values-production.yaml'],
} as const;
export type ValueSet = keyof typeof VALUE_SETS;

const valueArgs = (set: ValueSet): string[] => VALUE_SETS[set].flatMap((file) => ['-f', path.join(chartDir, file)]);

function runHelm(args: string[]): string {
  try {
    return execFileSync(helm(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`helm ${args[0]} failed:\n${failure.stderr || failure.stdout || failure.message}`);
  }
}

export function lint(set: ValueSet): string {
  return runHelm(['lint', '--strict', chartDir, ...valueArgs(set)]);
}

/** `helm template` with extra `--set` values (tests of what the chart refuses); not cached. */
export function renderWith(set: ValueSet, sets: string[] = []): K8sObject[] {
  const text = runHelm(['template', RELEASE, chartDir, '--namespace', NAMESPACE, '--kube-version', KUBERNETES_VERSION, ...valueArgs(set), ...sets.flatMap((s) => ['--set', s])]);
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`rendered YAML does not parse: ${doc.errors[0]!.message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

const cache = new Map<ValueSet, K8sObject[]>();
export function render(set: ValueSet): K8sObject[] {
  if (!cache.has(set)) cache.set(set, renderWith(set));
  return structuredClone(cache.get(set)!);
}
