// The environment the chart gives the gateway and each service, against the one infra/compose.yaml gives it: the
// same variable names. The chart may add only helper variables that carry a Secret into a URL ($(NAME) in a later
// variable): Kubernetes composes the URL, the service reads only the URL, as in compose.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Container, K8sObject, Workload } from './objects';
import { componentOf, ofKind } from './objects';

export const BACKEND = ['gateway', 'content', 'quiz', 'gems', 'gifts'];

export const composeFile = path.join(__dirname, '..', '..', '..', 'compose.yaml');

interface ComposeService {
  profiles?: string[];
  environment?: Record<string, unknown> | string[];
}

/** The variable names compose gives each backend service as an operator runs it (no profile, anchors expanded). */
export function composeEnvNames(file = composeFile): Record<string, string[]> {
  const doc = parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: -1 }) as { services: Record<string, ComposeService> };
  return Object.fromEntries(
    BACKEND.map((name) => {
      const service = doc.services[name];
      if (!service || service.profiles?.length) throw new Error(`${file} has no service ${name} in its default profile`);
      const env = service.environment ?? {};
      const names = Array.isArray(env) ? env.map((entry) => entry.split('=')[0]!) : Object.keys(env);
      return [name, names.sort()];
    }),
  );
}

/** Secret variables used only to compose another variable's value. */
export function helperNames(container: Container): Set<string> {
  const env = container.env ?? [];
  const referenced = new Set(env.flatMap((e) => [...(e.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)].map(([, name]) => name!)));
  return new Set(env.filter((e) => e.valueFrom?.secretKeyRef && referenced.has(e.name)).map((e) => e.name));
}

export function chartEnvNames(objects: K8sObject[]): Record<string, string[]> {
  return Object.fromEntries(
    BACKEND.map((name) => {
      const deployment = ofKind<Workload>(objects, 'Deployment').find((d) => componentOf(d) === name);
      const container = deployment?.spec.template.spec.containers[0];
      if (!container) return [name, []];
      const helpers = helperNames(container);
      return [name, (container.env ?? []).map((e) => e.name).filter((n) => !helpers.has(n)).sort()];
    }),
  );
}

export function envDriftProblems(objects: K8sObject[], compose: Record<string, string[]>): string[] {
  const chart = chartEnvNames(objects);
  return BACKEND.flatMap((name) => {
    const inChart = new Set(chart[name]);
    const inCompose = new Set(compose[name]);
    return [
      ...[...inCompose].filter((n) => !inChart.has(n)).map((n) => `${name}: compose sets ${n}, the chart does not`),
      ...[...inChart].filter((n) => !inCompose.has(n)).map((n) => `${name}: the chart sets ${n}, compose does not`),
    ];
  });
}
