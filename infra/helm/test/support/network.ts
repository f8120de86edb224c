// Who may connect to whom, from the rendered NetworkPolicies: only the gateway reaches the services (and a
// service that is handed another's URL, such as content gathering a learner's export), only the services reach
// the data stores on their client ports.
import type { K8sObject, Workload } from './objects';
import { componentOf, ofKind, selects } from './objects';
import { RELEASE } from './render';

type Peer = { podSelector?: { matchLabels?: Record<string, string> }; namespaceSelector?: unknown };
type Rule = { from?: Peer[]; ports?: { port: number }[] };
type Policy = { podSelector: { matchLabels: Record<string, string> }; ingress?: Rule[] };

const policiesFor = (objects: K8sObject[], labels: Record<string, string>) =>
  ofKind(objects, 'NetworkPolicy').filter((p) => selects((p.spec as Policy).podSelector.matchLabels, labels)).map((p) => p.spec as Policy);

/** The peers allowed to open `port` on pods with `labels` (undefined: not isolated, everyone may). */
function peersOnPort(objects: K8sObject[], labels: Record<string, string>, port: number): Peer[] | undefined {
  const policies = policiesFor(objects, labels);
  if (policies.length === 0) return undefined;
  return policies.flatMap((p) => (p.ingress ?? []).filter((rule) => !rule.ports || rule.ports.some((p2) => p2.port === port)).flatMap((rule) => rule.from ?? [{}]));
}

const onlyPodsLike = (peers: Peer[], allowed: (labels: Record<string, string>) => boolean): boolean =>
  peers.every((peer) => !peer.namespaceSelector && peer.podSelector?.matchLabels !== undefined && allowed(peer.podSelector.matchLabels));

export interface DataStore {
  name: string;
  labels: Record<string, string>;
  port: number;
}

export function networkProblems(objects: K8sObject[], dataStores: DataStore[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind<Workload>(objects, 'Deployment');
  const gateway = deployments.find((d) => componentOf(d) === 'gateway')!;
  const services = deployments.filter((d) => d.spec.template.metadata.labels['kidslearn.io/tier'] === 'service');
  const gatewayLabels = gateway.spec.template.metadata.labels;
  // The services a service is told to call (an env var <NAME>_URL naming it), besides the gateway.
  const callersOf = (component: string) =>
    services.filter((caller) => (caller.spec.template.spec.containers[0]?.env ?? []).some((variable) => variable.name === `${component.toUpperCase()}_URL`));
  for (const service of services) {
    const port = service.spec.template.spec.containers[0]!.ports![0]!.containerPort;
    const peers = peersOnPort(objects, service.spec.template.metadata.labels, port);
    const callers = callersOf(componentOf(service) ?? '').map((caller) => caller.spec.template.metadata.labels);
    const allowed = (labels: Record<string, string>) => selects(labels, gatewayLabels) || callers.some((callerLabels) => selects(labels, callerLabels));
    if (!peers) problems.push(`${service.metadata.name} accepts connections from anyone`);
    else if (!onlyPodsLike(peers, allowed)) problems.push(`${service.metadata.name} accepts connections from more than the gateway (and the services it is given to)`);
  }
  // A selector every service's pods match (and nothing narrower than the tier), e.g. the tier label.
  const isServiceSelector = (labels: Record<string, string>) => services.every((s) => selects(labels, s.spec.template.metadata.labels)) && !selects(labels, gatewayLabels);
  for (const store of dataStores) {
    const peers = peersOnPort(objects, store.labels, store.port);
    if (!peers) problems.push(`${store.name} accepts connections from anyone`);
    else if (!onlyPodsLike(peers, (labels) => isServiceSelector(labels) || selects(store.labels, labels) || labels['kidslearn.io/mongodb-client'] === 'true')) {
      problems.push(`${store.name} accepts client connections from more than the services`);
    }
  }
  return problems;
}

/** The data stores' pods (labels their operators give them) and client ports. */
export const dataStores: DataStore[] = [
  { name: 'MongoDB', labels: { app: `${RELEASE}-mongodb-svc` }, port: 27017 },
  { name: 'RabbitMQ', labels: { 'app.kubernetes.io/name': `${RELEASE}-rabbitmq` }, port: 5672 },
  { name: 'Redis', labels: { 'app.kubernetes.io/name': 'kidslearn', 'app.kubernetes.io/instance': RELEASE, 'app.kubernetes.io/component': 'redis' }, port: 6379 },
];
