// Every check of the chart shown to fail: the real production rendering, broken one way at a time, fed to the same
// functions the other tests run (and, for an invalid object, to the same schema validator).
import { brokerProblems, identityProblems, kindProblems, mongoProblems, routeProblems, scalingProblems } from './support/custom-resources';
import { declaredQueues } from './support/declared-queues';
import { composeEnvNames, envDriftProblems } from './support/env-drift';
import { expectationsFor, MIN_REPLICAS } from './support/expectations';
import { disruptionBudgetProblems, probeProblems, replicaProblems, resourceProblems, secretProblems, securityProblems } from './support/invariants';
import { dataStores, networkProblems } from './support/network';
import type { K8sObject, Workload } from './support/objects';
import { componentOf, isBuiltIn, ofKind } from './support/objects';
import { render, renderWith } from './support/render';
import { tally, validateBuiltIns } from './support/validate';

const production = () => render('production');
const deployment = (objects: K8sObject[], component: string) => ofKind<Workload>(objects, 'Deployment').find((d) => componentOf(d) === component)!;
const container = (objects: K8sObject[], component: string) => deployment(objects, component).spec.template.spec.containers[0]!;
const spec = (object: K8sObject | undefined) => object!.spec as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a broken rendering', () => {
  it('when a Deployment has a field of the wrong type and one Kubernetes does not know, then the schema validator reports both invalid', () => {
    const objects = production().filter(isBuiltIn);
    const broken = deployment(objects, 'gems');
    (broken.spec as Record<string, unknown>).replicas = 'two';
    (container(objects, 'quiz') as unknown as Record<string, unknown>).livenesProbe = { httpGet: { path: '/healthz', port: 'http' } };
    const { invalid } = tally(validateBuiltIns(objects));
    expect(invalid.map((r) => r.name).sort()).toEqual(['kidslearn-gems', 'kidslearn-quiz']);
  });

  it('when an object has no schema, then the validator counts it skipped, not valid', () => {
    const { skipped, valid } = tally(validateBuiltIns([{ apiVersion: 'v1', kind: 'Widget', metadata: { name: 'w' } }]));
    expect([skipped.length, valid]).toEqual([1, 0]);
  });

  it('when an object is of a kind no known operator serves, or at another version, then it is reported', () => {
    const objects = production();
    objects.push({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });
    ofKind(objects, 'Queue')[0]!.apiVersion = 'rabbitmq.com/v1alpha1';
    expect(kindProblems(objects)).toEqual([expect.stringContaining('rabbitmq.com/v1alpha1'), expect.stringContaining('Widget')]);
  });

  it('when a production Deployment has one replica, or a ScaledObject a minimum of one, then replicas are reported', () => {
    const objects = production();
    deployment(objects, 'gateway').spec.replicas = 1;
    spec(ofKind(objects, 'ScaledObject').find((s) => s.metadata.name === 'kidslearn-gems')).minReplicaCount = 1;
    expect(replicaProblems(objects, MIN_REPLICAS.production)).toEqual([expect.stringContaining('kidslearn-gateway'), expect.stringContaining('kidslearn-gems')]);
  });

  it('when a probe is removed or asks another path, then probes are reported', () => {
    const objects = production();
    delete container(objects, 'content').readinessProbe;
    container(objects, 'mfe-admin').livenessProbe!.httpGet!.path = '/index.html';
    expect(probeProblems(objects)).toEqual([expect.stringContaining('kidslearn-content container content has no readiness probe'), expect.stringContaining('kidslearn-mfe-admin')]);
  });

  it('when a PodDisruptionBudget is removed, then its Deployment is reported', () => {
    const objects = production().filter((o) => !(o.kind === 'PodDisruptionBudget' && o.metadata.name === 'kidslearn-shell'));
    expect(disruptionBudgetProblems(objects)).toEqual(['Deployment kidslearn-shell has no PodDisruptionBudget']);
  });

  it('when a container has no memory limit, then resources are reported', () => {
    const objects = production();
    delete container(objects, 'gifts').resources!.limits!.memory;
    expect(resourceProblems(objects)).toEqual(['Deployment kidslearn-gifts container gifts has no memory limit']);
  });

  it('when a container may write its root filesystem or run as root, then security is reported', () => {
    const objects = production();
    container(objects, 'quiz').securityContext!.readOnlyRootFilesystem = false;
    deployment(objects, 'shell').spec.template.spec.securityContext!.runAsNonRoot = false;
    deployment(objects, 'shell').spec.template.spec.containers[0]!.securityContext!.runAsNonRoot = undefined;
    const problems = securityProblems(objects);
    expect(problems).toContain('Deployment kidslearn-quiz container quiz has a writable root filesystem');
    expect(problems).toContain('Deployment kidslearn-shell container nginx may run as root (runAsNonRoot)');
  });

  it('when a secret is inlined as a value, in a URL, in the manifest or as a rendered Secret, then each is reported', () => {
    const objects = production();
    const env = container(objects, 'content').env!;
    env.find((e) => e.name === 'KEYCLOAK_BACKEND_SECRET')!.valueFrom = undefined;
    env.find((e) => e.name === 'KEYCLOAK_BACKEND_SECRET')!.value = 'kidslearn-backend-dev-secret';
    container(objects, 'gems').env!.find((e) => e.name === 'AMQP_URL')!.value = 'amqp://gems:hunter2hunter2@kidslearn-rabbitmq:5672';
    ofKind(objects, 'ConfigMap')[0]!.data!['config.json'] = '{"gatewayUrl":"https://admin:pw@learn.example.org/api"}';
    objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'from-values' }, stringData: { password: 'x' } });
    expect(secretProblems(objects)).toEqual([
      'Secret from-values is rendered from values (reference an existing Secret instead)',
      'Deployment kidslearn-content container content env KEYCLOAK_BACKEND_SECRET is not a secretKeyRef',
      'Deployment kidslearn-gems container gems env AMQP_URL has a credential inline: amqp://gems:hunter2hunter2@',
      'ConfigMap kidslearn-runtime-manifest ConfigMap.data.config.json has a credential inline: https://admin:pw@',
    ]);
  });

  it('when a URL takes its password from a variable that is not a Secret, then it is reported', () => {
    const objects = production();
    const env = container(objects, 'quiz').env!;
    const password = env.find((e) => e.name === 'REDIS_PASSWORD')!;
    password.valueFrom = undefined;
    password.value = 'plain';
    expect(secretProblems(objects)).toEqual([
      'Deployment kidslearn-quiz container quiz env REDIS_PASSWORD is not a secretKeyRef',
      'Deployment kidslearn-quiz container quiz env REDIS_URL has a credential inline: redis://:$(REDIS_PASSWORD)@',
    ]);
  });

  it("when a service's environment drifts from infra/compose.yaml's, either way, then the drift is reported", () => {
    const objects = production();
    container(objects, 'gems').env!.find((e) => e.name === 'REDIS_URL')!.name = 'REDIS_URI';
    const compose = composeEnvNames();
    compose.gifts = [...compose.gifts!, 'GIFTS_NEW_SETTING'];
    expect(envDriftProblems(objects, compose)).toEqual([
      'gems: compose sets REDIS_URL, the chart does not',
      'gems: the chart sets REDIS_URI, compose does not',
      'gifts: compose sets GIFTS_NEW_SETTING, the chart does not',
    ]);
  });

  it('when a NetworkPolicy lets others reach a service or a data store, then it is reported', () => {
    const objects = production();
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.name === 'kidslearn-gems')!;
    spec(policy).ingress[0].from.push({ namespaceSelector: {} });
    const redis = ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.name === 'kidslearn-redis')!;
    spec(redis).ingress[0].from = [{ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'kidslearn' } } }];
    const withoutMongo = objects.filter((o) => o.metadata.name !== 'kidslearn-mongodb' || o.kind !== 'NetworkPolicy');
    expect(networkProblems(withoutMongo, dataStores)).toEqual([
      'kidslearn-gems accepts connections from more than the gateway (and the services it is given to)',
      'MongoDB accepts connections from anyone',
      'Redis accepts client connections from more than the services',
    ]);
  });

  it('when a queue is classic, not kept, or differs from what lib-events declares, then the broker is reported', async () => {
    const objects = production();
    const declared = await declaredQueues();
    const queue = ofKind(objects, 'Queue').find((q) => spec(q).name === 'gems.events')!;
    spec(queue).type = 'classic';
    delete queue.metadata.annotations;
    spec(ofKind(objects, 'RabbitmqCluster')[0]).replicas = 1;
    const withDeliveryLimit = declared.map((d) => (d.name === 'quiz.events' ? { ...d, options: { ...d.options, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 20 } } } : d));
    expect(brokerProblems(objects, expectationsFor('production'), withDeliveryLimit)).toEqual([
      'RabbitmqCluster kidslearn-rabbitmq has 1 node(s), expected 3',
      'Queue gems.events is classic, expected quorum',
      'Queue gems.events would be deleted with the release',
      'Queue quiz.events: lib-events declares x-delivery-limit=20, the chart 10',
      'Queue gems.events: lib-events declares type quorum, the chart classic',
    ]);
  });

  it('when MongoDB has one member or a service connects as a user it does not declare, then MongoDB is reported', () => {
    const objects = production();
    const mongo = spec(ofKind(objects, 'MongoDBCommunity')[0]);
    mongo.members = 1;
    mongo.users = mongo.users.filter((u: { name: string }) => u.name !== 'gifts');
    expect(mongoProblems(objects, expectationsFor('production'))).toEqual([
      'MongoDBCommunity has 1 member(s), expected 3',
      'kidslearn-gifts connects as gifts@kidslearn-gifts, which MongoDBCommunity does not declare',
    ]);
  });

  it('when the realm keeps demo users, the test client or a placeholder without a Secret, then identity is reported', () => {
    const objects = production();
    const realmImport = spec(ofKind(objects, 'KeycloakRealmImport')[0]);
    realmImport.realm.users.push({ username: 'learner@kidslearn.test' });
    realmImport.realm.clients.push({ clientId: 'kidslearn-test' });
    delete realmImport.placeholders.SMTP_PASSWORD;
    spec(ofKind(objects, 'Keycloak')[0]).db.host = 'postgres';
    expect(identityProblems(objects, expectationsFor('production'))).toEqual([
      'Keycloak\'s database is postgres at postgres, expected postgres at kidslearn-keycloak-db-rw',
      'the imported realm has the password-grant test client',
      'the imported realm has demo users: learner@kidslearn.test',
      'the realm uses ${SMTP_PASSWORD}, which no placeholder fills from a Secret',
    ]);
  });

  it('when KEDA watches a queue that does not exist or scales the wrong service, then scaling is reported', () => {
    const objects = production();
    const gems = ofKind(objects, 'ScaledObject').find((s) => s.metadata.name === 'kidslearn-gems')!;
    spec(gems).triggers[0].metadata.queueName = 'gems.evnets';
    spec(gems).scaleTargetRef.name = 'kidslearn-content';
    expect(scalingProblems(objects, expectationsFor('production'))).toEqual([
      'ScaledObject kidslearn-gems watches gems.evnets, which is no rendered Queue',
      'KEDA scales content, gifts, quiz, expected quiz, gems, gifts',
    ]);
  });

  it('when a route goes elsewhere or keeps a prefix it must strip, then routing is reported', () => {
    const objects = production();
    const rules = spec(ofKind(objects, 'HTTPRoute')[0]).rules as { matches: { path: { value: string } }[]; filters?: unknown[]; backendRefs: { name: string }[] }[];
    delete rules.find((r) => r.matches[0]!.path.value === '/api')!.filters;
    rules.find((r) => r.matches[0]!.path.value === '/mfe/rewards')!.backendRefs[0]!.name = 'kidslearn-mfe-admin';
    expect(routeProblems(objects, expectationsFor('production'))).toEqual([
      '/api keeps its prefix on the way to kidslearn-gateway',
      '/mfe/rewards goes to kidslearn-mfe-admin, expected kidslearn-mfe-rewards',
    ]);
  });

  it('when publicUrl is not an https origin, then helm refuses to render', () => {
    expect(() => renderWith('production', ['publicUrl=http://learn.example.org'])).toThrow(/publicUrl must be an https origin without a path/);
  });

  it('when a Gateway is to be created without a class, then helm refuses to render', () => {
    expect(() => renderWith('production', ['route.gateway.className='])).toThrow(/route.gateway.className is required/);
  });
});
