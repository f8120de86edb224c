// The chart's invariants as functions of the rendered objects: each returns the problems it finds (none = holds).
// The tests run them over the real renderings and over deliberately broken copies of them.
import type { Container, K8sObject, Workload } from './objects';
import { allContainers, componentOf, ofKind, selects, workloads } from './objects';

const SERVICES = ['content', 'quiz', 'gems', 'gifts'];
const where = (workload: K8sObject, container?: Container) => `${workload.kind} ${workload.metadata.name}${container ? ` container ${container.name}` : ''}`;

/** Replicas a Deployment runs at least: its own count, or its ScaledObject's minimum when KEDA owns it. */
export function minimumReplicas(objects: K8sObject[], deployment: Workload): number | undefined {
  if (deployment.spec.replicas !== undefined) return deployment.spec.replicas;
  const scaler = ofKind(objects, 'ScaledObject').find((s) => (s.spec?.scaleTargetRef as { name?: string } | undefined)?.name === deployment.metadata.name);
  return scaler ? (scaler.spec?.minReplicaCount as number | undefined) : undefined;
}

export function replicaProblems(objects: K8sObject[], atLeast: number): string[] {
  return ofKind<Workload>(objects, 'Deployment').flatMap((deployment) => {
    const replicas = minimumReplicas(objects, deployment);
    if (replicas === undefined) return [`${where(deployment)} has no replica count and no ScaledObject`];
    return replicas < atLeast ? [`${where(deployment)} runs ${replicas} replica(s), fewer than ${atLeast}`] : [];
  });
}

/** The health endpoints each kind of pod answers (services/lib-http, services/gateway, the nginx images). */
function expectedProbePaths(workload: Workload): { liveness: string[]; readiness: string[] } | 'any' {
  const component = componentOf(workload) ?? '';
  if (SERVICES.includes(component)) return { liveness: ['/healthz'], readiness: ['/readyz'] };
  if (component === 'gateway') return { liveness: ['/livez'], readiness: ['/livez', '/healthz'] };
  if (component === 'shell') return { liveness: ['/'], readiness: ['/'] };
  if (workload.spec.template.metadata.labels['kidslearn.io/tier'] === 'frontend') return { liveness: ['/remoteEntry.js'], readiness: ['/remoteEntry.js'] };
  return 'any';
}

export function probeProblems(objects: K8sObject[]): string[] {
  return workloads(objects).flatMap((workload) => {
    const expected = expectedProbePaths(workload);
    return workload.spec.template.spec.containers.flatMap((container) => {
      const problems: string[] = [];
      for (const [kind, probe] of [['liveness', container.livenessProbe], ['readiness', container.readinessProbe]] as const) {
        if (!probe) {
          problems.push(`${where(workload, container)} has no ${kind} probe`);
          continue;
        }
        if (expected === 'any') continue;
        const path = probe.httpGet?.path;
        if (!path || !expected[kind].includes(path)) problems.push(`${where(workload, container)} ${kind} probe asks ${path ?? 'no HTTP path'}, expected ${expected[kind].join(' or ')}`);
        const port = probe.httpGet?.port;
        const declared = container.ports?.some((p) => p.name === port || p.containerPort === port);
        if (path && !declared) problems.push(`${where(workload, container)} ${kind} probe port ${String(port)} is not a container port`);
      }
      return problems;
    });
  });
}

export function disruptionBudgetProblems(objects: K8sObject[]): string[] {
  const budgets = ofKind(objects, 'PodDisruptionBudget');
  return ofKind<Workload>(objects, 'Deployment').flatMap((deployment) => {
    const labels = deployment.spec.template.metadata.labels;
    const budget = budgets.find((b) => selects((b.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels, labels));
    if (!budget) return [`${where(deployment)} has no PodDisruptionBudget`];
    const spec = budget.spec as { maxUnavailable?: number | string; minAvailable?: number | string };
    if (spec.maxUnavailable === undefined && spec.minAvailable === undefined) return [`PodDisruptionBudget ${budget.metadata.name} limits nothing`];
    return [];
  });
}

export function resourceProblems(objects: K8sObject[]): string[] {
  return workloads(objects).flatMap((workload) =>
    allContainers(workload).flatMap((container) =>
      ['requests', 'limits'].flatMap((bound) =>
        ['cpu', 'memory']
          .filter((resource) => !container.resources?.[bound as 'requests' | 'limits']?.[resource])
          .map((resource) => `${where(workload, container)} has no ${resource} ${bound === 'requests' ? 'request' : 'limit'}`),
      ),
    ),
  );
}

export function securityProblems(objects: K8sObject[]): string[] {
  return workloads(objects).flatMap((workload) => {
    const pod = workload.spec.template.spec.securityContext;
    return allContainers(workload).flatMap((container) => {
      const problems: string[] = [];
      const context = container.securityContext;
      if (!(context?.runAsNonRoot ?? pod?.runAsNonRoot)) problems.push(`${where(workload, container)} may run as root (runAsNonRoot)`);
      if (context?.runAsNonRoot === false || pod?.runAsUser === 0) problems.push(`${where(workload, container)} runs as root`);
      if (context?.readOnlyRootFilesystem !== true) problems.push(`${where(workload, container)} has a writable root filesystem`);
      if (context?.allowPrivilegeEscalation !== false) problems.push(`${where(workload, container)} allows privilege escalation`);
      return problems;
    });
  });
}

/** A name that says it holds a credential: a SECRET, PASSWORD, TOKEN or KEY part (KEYCLOAK_URL is not one). */
export const CREDENTIAL_NAME = /(^|_)(SECRET|PASSWORD|PASSWD|TOKEN|KEY|CREDENTIALS?)(_|$)/i;
/** user:password@ in a URL; a password made only of $(VAR) references is composed from Secrets by Kubernetes. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/([^\s:/@]*):([^\s/@]+)@/gi;
const ONLY_REFERENCES = /^(\$\([A-Z0-9_]+\))+$/;

/** Variables of this container that come from a Secret. */
const fromSecrets = (container: Container): Set<string> => new Set((container.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name));

function inlineCredentials(text: string, secretVars: Set<string>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_WITH_PASSWORD)) {
    // A user name is no secret; the password must be only $(VAR)s that come from Secrets.
    const password = match[2]!;
    const fromSecretsOnly = ONLY_REFERENCES.test(password) && [...password.matchAll(/\$\(([A-Z0-9_]+)\)/g)].every(([, name]) => secretVars.has(name!));
    if (!fromSecretsOnly) found.push(match[0]);
  }
  return found;
}

/** Every string in a value, with where it is. */
function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${at}[${index}]`);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, `${at}.${key}`);
}

/**
 * No credential in the chart: no Secret rendered from values, no env variable named like a credential that is not
 * a secretKeyRef, no URL with an inline password anywhere (a password made of $(VAR)s from Secrets is fine).
 */
export function secretProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    if (object.kind === 'Secret') problems.push(`Secret ${object.metadata.name} is rendered from values (reference an existing Secret instead)`);
  }
  for (const workload of workloads(objects)) {
    for (const container of allContainers(workload)) {
      const secretVars = fromSecrets(container);
      for (const variable of container.env ?? []) {
        if (CREDENTIAL_NAME.test(variable.name) && !variable.valueFrom?.secretKeyRef) problems.push(`${where(workload, container)} env ${variable.name} is not a secretKeyRef`);
        for (const url of inlineCredentials(variable.value ?? '', secretVars)) problems.push(`${where(workload, container)} env ${variable.name} has a credential inline: ${url}`);
      }
      for (const [at, text] of strings({ command: container.command, args: container.args }, 'container')) {
        for (const url of inlineCredentials(text, secretVars)) problems.push(`${where(workload, container)} ${at} has a credential inline: ${url}`);
      }
    }
  }
  for (const object of objects.filter((o) => o.kind !== 'Deployment' && o.kind !== 'StatefulSet')) {
    for (const [at, text] of strings(object, object.kind)) {
      for (const url of inlineCredentials(text, new Set())) problems.push(`${object.kind} ${object.metadata.name} ${at} has a credential inline: ${url}`);
    }
  }
  return problems;
}
