// The operators' custom resources of both renderings, for every field the chart relies on.
import { brokerProblems, identityProblems, mongoProblems, routeProblems, scalingProblems } from './support/custom-resources';
import { declaredQueues } from './support/declared-queues';
import { expectationsFor } from './support/expectations';
import type { ValueSet } from './support/render';
import { render } from './support/render';

describe.each<ValueSet>(['development', 'production'])('the custom resources of the %s values', (set) => {
  const expect_ = expectationsFor(set);

  it(`when rendered, then RabbitMQ is a ${expect_.brokerNodes}-node cluster whose queues are the quorum queues services/lib-events declares`, async () => {
    expect(brokerProblems(render(set), expect_, await declaredQueues())).toEqual([]);
  });

  it(`when rendered, then MongoDB is a ${expect_.mongoMembers}-member replica set with one user per service on its own database`, () => {
    expect(mongoProblems(render(set), expect_)).toEqual([]);
  });

  it('when rendered, then Keycloak runs on its CloudNativePG database and imports the operator-mode realm with its secrets from Secrets', () => {
    expect(identityProblems(render(set), expect_)).toEqual([]);
  });

  it('when rendered, then KEDA scales quiz, gems and gifts on the length of their queues', () => {
    expect(scalingProblems(render(set), expect_)).toEqual([]);
  });

  it('when rendered, then one HTTPRoute sends / to the shell, each remote to its server, /api to the gateway and /auth to Keycloak', () => {
    expect(routeProblems(render(set), expect_)).toEqual([]);
  });
});
