// Rendered Kubernetes objects and the few ways the checks look at them.
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: unknown; fieldRef?: unknown };
}

export interface Probe {
  httpGet?: { path: string; port: number | string };
  tcpSocket?: unknown;
  exec?: unknown;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}

export interface Workload extends K8sObject {
  spec: { replicas?: number; selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } };
}

/** API groups served by Kubernetes itself (validated against its schemas); everything else is a custom resource. */
const BUILT_IN_GROUPS = new Set([
  '',
  'apps',
  'batch',
  'policy',
  'autoscaling',
  'networking.k8s.io',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'node.k8s.io',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'certificates.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'resource.k8s.io',
]);

export const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0]! : '');
export const isBuiltIn = (object: K8sObject): boolean => BUILT_IN_GROUPS.has(groupOf(object.apiVersion));

export const ofKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string): T[] => objects.filter((o) => o.kind === kind) as T[];
export const named = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string, name: string): T | undefined =>
  ofKind<T>(objects, kind).find((o) => o.metadata.name === name);
export const workloads = (objects: K8sObject[]): Workload[] => objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet') as Workload[];
export const componentOf = (object: K8sObject): string | undefined => object.metadata.labels?.['app.kubernetes.io/component'];
export const allContainers = (workload: Workload): Container[] => [...(workload.spec.template.spec.initContainers ?? []), ...workload.spec.template.spec.containers];

/** True when every label of `selector` is on `labels`. */
export const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean =>
  Boolean(selector) && Object.entries(selector!).every(([key, value]) => labels?.[key] === value);

export const clone = <T>(value: T): T => structuredClone(value);
