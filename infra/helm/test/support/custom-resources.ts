// The operators' custom resources of a rendering, checked for every field the chart relies on: API version, kind,
// required fields, references between them, replica counts, queue types. Each returns the problems it finds.
import type { DeclaredQueue } from './declared-queues';
import type { K8sObject, Workload } from './objects';
import { isBuiltIn, named, ofKind } from './objects';

export interface Expectations {
  release: string;
  publicUrl: string;
  brokerNodes: number;
  mongoMembers: number;
  keycloakInstances: number;
  databaseInstances: number;
  /** Services KEDA scales on their queue length. */
  scaled: string[];
  remotes: string[];
}

/** apiVersion of each custom kind the chart declares (the operators' served versions). */
export const CUSTOM_KINDS: Record<string, string> = {
  RabbitmqCluster: 'rabbitmq.com/v1beta1',
  Queue: 'rabbitmq.com/v1beta1',
  User: 'rabbitmq.com/v1beta1',
  Permission: 'rabbitmq.com/v1beta1',
  TopicPermission: 'rabbitmq.com/v1beta1',
  MongoDBCommunity: 'mongodbcommunity.mongodb.com/v1',
  Keycloak: 'k8s.keycloak.org/v2beta1',
  KeycloakRealmImport: 'k8s.keycloak.org/v2alpha1',
  Cluster: 'postgresql.cnpg.io/v1',
  ScaledObject: 'keda.sh/v1alpha1',
  TriggerAuthentication: 'keda.sh/v1alpha1',
  HTTPRoute: 'gateway.networking.k8s.io/v1',
  Gateway: 'gateway.networking.k8s.io/v1',
};

type Spec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const spec = (object: K8sObject | undefined): Spec => (object?.spec ?? {}) as Spec;
const missing = (object: K8sObject, fields: Record<string, unknown>): string[] =>
  Object.entries(fields)
    .filter(([, value]) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    .map(([field]) => `${object.kind} ${object.metadata.name}: ${field} is missing`);
const pinned = (image: unknown): boolean => typeof image === 'string' && /:[^:/]+$/.test(image) && !image.endsWith(':latest');

export function kindProblems(objects: K8sObject[]): string[] {
  return objects
    .filter((o) => !isBuiltIn(o))
    .flatMap((o) => {
      const expected = CUSTOM_KINDS[o.kind];
      if (!expected) return [`${o.apiVersion} ${o.kind} ${o.metadata.name} is neither built in nor a custom resource the tests know`];
      return o.apiVersion === expected ? [] : [`${o.kind} ${o.metadata.name} is ${o.apiVersion}, expected ${expected}`];
    });
}

export function brokerProblems(objects: K8sObject[], expect: Expectations, declared: DeclaredQueue[]): string[] {
  const problems: string[] = [];
  const clusters = ofKind(objects, 'RabbitmqCluster');
  if (clusters.length !== 1) return [`expected one RabbitmqCluster, found ${clusters.length}`];
  const cluster = clusters[0]!;
  const c = spec(cluster);
  problems.push(...missing(cluster, { 'spec.image': c.image, 'spec.persistence.storage': c.persistence?.storage, 'spec.resources.limits': c.resources?.limits }));
  if (c.replicas !== expect.brokerNodes) problems.push(`RabbitmqCluster ${cluster.metadata.name} has ${c.replicas} node(s), expected ${expect.brokerNodes}`);
  if (!pinned(c.image)) problems.push(`RabbitmqCluster image ${c.image} is not pinned`);
  const reference = (o: K8sObject) => spec(o).rabbitmqClusterReference?.name === cluster.metadata.name;

  const queues = ofKind(objects, 'Queue');
  for (const queue of queues) {
    const q = spec(queue);
    problems.push(...missing(queue, { 'spec.name': q.name, 'spec.vhost': q.vhost }));
    if (q.type !== 'quorum') problems.push(`Queue ${q.name} is ${q.type ?? 'of the default type'}, expected quorum`);
    if (q.durable !== true || q.autoDelete === true) problems.push(`Queue ${q.name} is not durable`);
    if (!reference(queue)) problems.push(`Queue ${q.name} does not reference RabbitmqCluster ${cluster.metadata.name}`);
    if (queue.metadata.annotations?.['helm.sh/resource-policy'] !== 'keep') problems.push(`Queue ${q.name} would be deleted with the release`);
  }
  const byName = new Map(queues.map((q) => [spec(q).name as string, spec(q)]));
  for (const { name, options } of declared) {
    const q = byName.get(name);
    if (!q) {
      problems.push(`services/lib-events declares ${name}, the chart has no Queue for it`);
      continue;
    }
    const { 'x-queue-type': type, ...args } = (options.arguments ?? {}) as Record<string, unknown>;
    if (type !== undefined && type !== q.type) problems.push(`Queue ${name}: lib-events declares type ${String(type)}, the chart ${q.type}`);
    if (options.durable !== undefined && options.durable !== q.durable) problems.push(`Queue ${name}: durable differs from lib-events`);
    for (const [key, value] of Object.entries(args)) {
      if (q.arguments?.[key] !== value) problems.push(`Queue ${name}: lib-events declares ${key}=${String(value)}, the chart ${String(q.arguments?.[key])}`);
    }
  }
  for (const name of byName.keys()) if (!declared.some((d) => d.name === name)) problems.push(`Queue ${name} is not one services/lib-events declares`);

  const users = ofKind(objects, 'User');
  for (const user of users) {
    problems.push(...missing(user, { 'spec.importCredentialsSecret.name': spec(user).importCredentialsSecret?.name }));
    if (!reference(user)) problems.push(`User ${user.metadata.name} does not reference the RabbitmqCluster`);
  }
  for (const kind of ['Permission', 'TopicPermission']) {
    for (const permission of ofKind(objects, kind)) {
      const p = spec(permission);
      if (!users.some((u) => u.metadata.name === p.userReference?.name)) problems.push(`${kind} ${permission.metadata.name} names no rendered User`);
      const fields = kind === 'Permission' ? ['configure', 'write', 'read'] : ['exchange', 'write', 'read'];
      for (const field of fields) if (typeof p.permissions?.[field] !== 'string') problems.push(`${kind} ${permission.metadata.name}: permissions.${field} is missing`);
      if (!reference(permission)) problems.push(`${kind} ${permission.metadata.name} does not reference the RabbitmqCluster`);
    }
  }
  return problems;
}

/** The database and user each service's MONGO_URL names. */
function mongoTargets(objects: K8sObject[]): { service: string; user: string; database: string }[] {
  return ofKind<Workload>(objects, 'Deployment').flatMap((d) => {
    const url = d.spec.template.spec.containers[0]?.env?.find((e) => e.name === 'MONGO_URL')?.value;
    const match = url ? /^mongodb:\/\/([^:]+):[^@]+@[^/]+\/([^?]+)/.exec(url) : null;
    return match ? [{ service: d.metadata.name, user: match[1]!, database: match[2]! }] : [];
  });
}

export function mongoProblems(objects: K8sObject[], expect: Expectations): string[] {
  const sets = ofKind(objects, 'MongoDBCommunity');
  if (sets.length !== 1) return [`expected one MongoDBCommunity, found ${sets.length}`];
  const mongo = sets[0]!;
  const m = spec(mongo);
  const problems = missing(mongo, { 'spec.version': m.version, 'spec.users': m.users, 'spec.security.authentication.modes': m.security?.authentication?.modes });
  if (m.type !== 'ReplicaSet') problems.push(`MongoDBCommunity type is ${m.type}, expected ReplicaSet`);
  if (m.members !== expect.mongoMembers) problems.push(`MongoDBCommunity has ${m.members} member(s), expected ${expect.mongoMembers}`);
  if (!(m.security?.authentication?.modes ?? []).some((mode: string) => mode.startsWith('SCRAM'))) problems.push('MongoDBCommunity does not authenticate with SCRAM');
  const users = (m.users ?? []) as Spec[];
  for (const user of users) {
    if (!user.name || !user.db || !user.passwordSecretRef?.name || !user.scramCredentialsSecretName || !(user.roles ?? []).length) {
      problems.push(`MongoDBCommunity user ${user.name ?? '?'} lacks name, db, passwordSecretRef.name, scramCredentialsSecretName or roles`);
    }
  }
  for (const target of mongoTargets(objects)) {
    const user = users.find((u) => u.name === target.user && u.db === target.database);
    if (!user) problems.push(`${target.service} connects as ${target.user}@${target.database}, which MongoDBCommunity does not declare`);
    else if (!user.roles.some((r: Spec) => r.name === 'readWrite' && r.db === target.database)) problems.push(`${target.user} cannot write ${target.database}`);
  }
  if (mongoTargets(objects).length !== 4) problems.push(`expected four services with a MONGO_URL, found ${mongoTargets(objects).length}`);
  return problems;
}

export function identityProblems(objects: K8sObject[], expect: Expectations): string[] {
  const keycloak = ofKind(objects, 'Keycloak')[0];
  const database = ofKind(objects, 'Cluster')[0];
  const realmImport = ofKind(objects, 'KeycloakRealmImport')[0];
  if (!keycloak || !database || !realmImport) return ['expected a Keycloak, a CloudNativePG Cluster and a KeycloakRealmImport'];
  const k = spec(keycloak);
  const d = spec(database);
  const r = spec(realmImport);
  const problems = [
    ...missing(keycloak, { 'spec.db.usernameSecret.name': k.db?.usernameSecret?.name, 'spec.db.passwordSecret.name': k.db?.passwordSecret?.name, 'spec.bootstrapAdmin.user.secret': k.bootstrapAdmin?.user?.secret }),
    ...missing(database, { 'spec.imageName': d.imageName, 'spec.storage.size': d.storage?.size, 'spec.bootstrap.initdb.secret.name': d.bootstrap?.initdb?.secret?.name }),
    ...missing(realmImport, { 'spec.realm': r.realm }),
  ];
  if (k.instances !== expect.keycloakInstances) problems.push(`Keycloak has ${k.instances} instance(s), expected ${expect.keycloakInstances}`);
  if (d.instances !== expect.databaseInstances) problems.push(`Keycloak's PostgreSQL has ${d.instances} instance(s), expected ${expect.databaseInstances}`);
  if (!pinned(d.imageName)) problems.push(`PostgreSQL image ${d.imageName} is not pinned`);
  if (k.db?.vendor !== 'postgres' || k.db?.host !== `${database.metadata.name}-rw`) problems.push(`Keycloak's database is ${k.db?.vendor} at ${k.db?.host}, expected postgres at ${database.metadata.name}-rw`);
  if (k.db?.database !== d.bootstrap?.initdb?.database) problems.push('Keycloak uses another database than the one CloudNativePG creates');
  if (k.db?.usernameSecret?.name !== d.bootstrap?.initdb?.secret?.name) problems.push("Keycloak's database credentials are not the owner's Secret CloudNativePG creates the database with");
  if (k.hostname?.hostname !== `${expect.publicUrl}/auth`) problems.push(`Keycloak's hostname is ${k.hostname?.hostname}, expected ${expect.publicUrl}/auth`);
  if (r.keycloakCRName !== keycloak.metadata.name) problems.push('the KeycloakRealmImport names another Keycloak');

  const realm = (r.realm ?? {}) as Spec;
  if (realm.realm !== 'kidslearn') problems.push(`the imported realm is ${realm.realm}, expected kidslearn`);
  const clients = (realm.clients ?? []) as Spec[];
  if (clients.some((client) => client.clientId === 'kidslearn-test')) problems.push('the imported realm has the password-grant test client');
  const people = ((realm.users ?? []) as Spec[]).filter((user) => !user.serviceAccountClientId);
  if (people.length > 0) problems.push(`the imported realm has demo users: ${people.map((u) => u.username).join(', ')}`);
  if (clients.find((client) => client.clientId === 'kidslearn-backend')?.secret !== '${KEYCLOAK_BACKEND_SECRET}') problems.push("the backend client's secret is not the KEYCLOAK_BACKEND_SECRET placeholder");
  if (!String(realm.smtpServer?.password ?? '').startsWith('${')) problems.push('the SMTP password is not a placeholder');
  const portal = clients.find((client) => client.clientId === 'kidslearn-portal');
  if (!(portal?.redirectUris ?? []).every((uri: string) => uri.startsWith(expect.publicUrl))) problems.push(`the portal client's redirect URIs are not on ${expect.publicUrl}`);
  const used = new Set([...JSON.stringify(realm).matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map(([, name]) => name!));
  for (const name of used) {
    const source = r.placeholders?.[name]?.secret;
    if (!source?.name || !source?.key) problems.push(`the realm uses \${${name}}, which no placeholder fills from a Secret`);
  }
  return problems;
}

export function scalingProblems(objects: K8sObject[], expect: Expectations): string[] {
  const problems: string[] = [];
  const scalers = ofKind(objects, 'ScaledObject');
  const queues = new Set(ofKind(objects, 'Queue').map((q) => spec(q).name as string));
  const scaled: string[] = [];
  for (const scaler of scalers) {
    const s = spec(scaler);
    const target = named<Workload>(objects, 'Deployment', s.scaleTargetRef?.name);
    if (!target) problems.push(`ScaledObject ${scaler.metadata.name} scales no rendered Deployment`);
    else scaled.push(target.metadata.labels?.['app.kubernetes.io/component'] ?? '');
    if (!(s.minReplicaCount >= 1) || !(s.maxReplicaCount >= s.minReplicaCount)) problems.push(`ScaledObject ${scaler.metadata.name} has bounds ${s.minReplicaCount}..${s.maxReplicaCount}`);
    const trigger = (s.triggers ?? [])[0] as Spec | undefined;
    if (trigger?.type !== 'rabbitmq') problems.push(`ScaledObject ${scaler.metadata.name} does not scale on a RabbitMQ queue`);
    if (!queues.has(trigger?.metadata?.queueName)) problems.push(`ScaledObject ${scaler.metadata.name} watches ${trigger?.metadata?.queueName}, which is no rendered Queue`);
    if (trigger?.metadata?.mode !== 'QueueLength' || !trigger?.metadata?.value) problems.push(`ScaledObject ${scaler.metadata.name} does not scale on a queue length target`);
    const auth = named(objects, 'TriggerAuthentication', trigger?.authenticationRef?.name);
    if (!auth) problems.push(`ScaledObject ${scaler.metadata.name} names no rendered TriggerAuthentication`);
    else if (!(spec(auth).secretTargetRef ?? []).some((ref: Spec) => ref.parameter === 'host' && ref.name && ref.key)) problems.push(`TriggerAuthentication ${auth.metadata.name} takes no host from a Secret`);
  }
  if (scaled.sort().join() !== [...expect.scaled].sort().join()) problems.push(`KEDA scales ${scaled.join(', ') || 'nothing'}, expected ${expect.scaled.join(', ')}`);
  return problems;
}

/** The routes of the compose stack's proxy (infra/proxy/Caddyfile): /api stripped, /mfe/<area> stripped. */
export function routeProblems(objects: K8sObject[], expect: Expectations): string[] {
  const routes = ofKind(objects, 'HTTPRoute');
  if (routes.length !== 1) return [`expected one HTTPRoute, found ${routes.length}`];
  const route = spec(routes[0]);
  const problems: string[] = [];
  if (!(route.parentRefs ?? []).length) problems.push('the HTTPRoute is attached to no Gateway');
  const host = new URL(expect.publicUrl).hostname;
  if (!(route.hostnames ?? []).includes(host)) problems.push(`the HTTPRoute does not serve ${host}`);
  for (const gateway of ofKind(objects, 'Gateway')) {
    const listeners = (spec(gateway).listeners ?? []) as Spec[];
    if (!listeners.some((l) => l.protocol === 'HTTPS' && l.hostname === host && (l.tls?.certificateRefs ?? []).length > 0)) {
      problems.push(`Gateway ${gateway.metadata.name} has no HTTPS listener for ${host} with a certificate`);
    }
  }
  const services = new Set(ofKind(objects, 'Service').map((s) => s.metadata.name));
  const keycloakService = `${ofKind(objects, 'Keycloak')[0]?.metadata.name}-service`;
  const ruleFor = (path: string) => (route.rules ?? []).find((rule: Spec) => (rule.matches ?? []).some((m: Spec) => m.path?.type === 'PathPrefix' && m.path?.value === path)) as Spec | undefined;
  const backendOf = (rule: Spec | undefined) => rule?.backendRefs?.[0]?.name as string | undefined;
  const strips = (rule: Spec | undefined) => (rule?.filters ?? []).some((f: Spec) => f.type === 'URLRewrite' && f.urlRewrite?.path?.type === 'ReplacePrefixMatch' && f.urlRewrite?.path?.replacePrefixMatch === '/');
  const want = (path: string, service: string, stripped: boolean) => {
    const rule = ruleFor(path);
    if (backendOf(rule) !== service) problems.push(`${path} goes to ${backendOf(rule) ?? 'nothing'}, expected ${service}`);
    if (strips(rule) !== stripped) problems.push(`${path} ${stripped ? 'keeps' : 'loses'} its prefix on the way to ${service}`);
  };
  want('/', `${expect.release}-shell`, false);
  want('/api', `${expect.release}-gateway`, true);
  want('/auth/realms', keycloakService, false);
  want('/photos', `${expect.release}-gateway`, false);
  for (const remote of expect.remotes) want(`/mfe/${remote.replace(/^mfe-/, '')}`, `${expect.release}-${remote}`, true);
  for (const rule of route.rules ?? []) {
    for (const ref of rule.backendRefs ?? []) if (!services.has(ref.name) && ref.name !== keycloakService) problems.push(`the HTTPRoute sends traffic to ${ref.name}, which is not rendered`);
  }
  return problems;
}
