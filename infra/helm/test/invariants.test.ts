// The chart's invariants over its real renderings (broken-chart.test.ts feeds the same checks broken ones).
import { composeEnvNames, envDriftProblems } from './support/env-drift';
import { MIN_REPLICAS } from './support/expectations';
import { disruptionBudgetProblems, probeProblems, replicaProblems, resourceProblems, secretProblems, securityProblems } from './support/invariants';
import { dataStores, networkProblems } from './support/network';
import type { ValueSet } from './support/render';
import { render } from './support/render';


describe.each<ValueSet>(['development', 'production'])('the chart with the %s values', (set) => {
  it(`when rendered, then every Deployment runs at least ${MIN_REPLICAS[set]} replica(s)`, () => {
    expect(replicaProblems(render(set), MIN_REPLICAS[set])).toEqual([]);
  });

  it("when rendered, then every pod's containers have liveness and readiness probes on their own health endpoints", () => {
    expect(probeProblems(render(set))).toEqual([]);
  });

  it('when rendered, then every Deployment has a PodDisruptionBudget', () => {
    expect(disruptionBudgetProblems(render(set))).toEqual([]);
  });

  it('when rendered, then every container has CPU and memory requests and limits', () => {
    expect(resourceProblems(render(set))).toEqual([]);
  });

  it('when rendered, then every container runs as non-root on a read-only root filesystem without privilege escalation', () => {
    expect(securityProblems(render(set))).toEqual([]);
  });

  it('when rendered, then no credential is in it: every credential variable is a secretKeyRef, no URL carries a password', () => {
    expect(secretProblems(render(set))).toEqual([]);
  });

  it("when rendered, then the gateway and each service get the environment variables infra/compose.yaml gives them", () => {
    expect(envDriftProblems(render(set), composeEnvNames())).toEqual([]);
  });

  it("when rendered, then no container honours a request's test clock (ALLOW_TEST_CLOCK is the local portal's only)", () => {
    expect(JSON.stringify(render(set))).not.toContain('ALLOW_TEST_CLOCK');
  });

  it('when rendered, then only the gateway reaches the services and only the services reach the data stores', () => {
    expect(networkProblems(render(set), dataStores)).toEqual([]);
  });
});
