// Shipping an area is one values entry: the remote's Deployment, Service, PodDisruptionBudget, route and its place in
// the runtime manifest all follow from it, and the shell rolls to serve the new manifest.
import { parseConfig } from '../../../shell/src/config/runtime-config';
import type { K8sObject, Workload } from './support/objects';
import { named, ofKind } from './support/objects';
import { render, renderWith } from './support/render';

const manifestOf = (objects: K8sObject[]) => JSON.parse(ofKind(objects, 'ConfigMap')[0]!.data!['config.json']!) as Record<string, unknown> & { remotes: Record<string, string> };
const shellChecksum = (objects: K8sObject[]) => named<Workload>(objects, 'Deployment', 'kidslearn-shell')!.spec.template.metadata as { annotations?: Record<string, string> };

describe('the runtime manifest', () => {
  it('when rendered, then it is the shell config.json the shell reads, every remote on the public origin', () => {
    const manifest = manifestOf(render('production'));
    const parsed = parseConfig(manifest);
    expect(parsed.gatewayUrl).toBe('https://learn.example.org/api');
    expect(parsed.keycloak).toEqual({ url: 'https://learn.example.org/auth', realm: 'kidslearn', clientId: 'kidslearn-portal' });
    expect(parsed.remotes).toEqual({
      mfe_public: 'https://learn.example.org/mfe/public/remoteEntry.js',
      mfe_learning: 'https://learn.example.org/mfe/learning/remoteEntry.js',
      mfe_rewards: 'https://learn.example.org/mfe/rewards/remoteEntry.js',
      mfe_admin: 'https://learn.example.org/mfe/admin/remoteEntry.js',
    });
  });

  it('when one remotes entry is added, then the area gets its server, route and manifest entry, and the shell rolls', () => {
    const before = render('production');
    const after = renderWith('production', ['remotes[4].name=mfe-family', 'remotes[4].remote=mfe_family']);
    expect(manifestOf(after).remotes.mfe_family).toBe('https://learn.example.org/mfe/family/remoteEntry.js');
    expect(named<Workload>(after, 'Deployment', 'kidslearn-mfe-family')?.spec.template.spec.containers[0]!.image).toBe('kidslearn-mfe-family:0.1.0');
    expect(named(after, 'Service', 'kidslearn-mfe-family')).toBeDefined();
    expect(named(after, 'PodDisruptionBudget', 'kidslearn-mfe-family')).toBeDefined();
    const rules = (ofKind(after, 'HTTPRoute')[0]!.spec as { rules: { matches: { path: { value: string } }[] }[] }).rules;
    expect(rules.some((rule) => rule.matches[0]!.path.value === '/mfe/family')).toBe(true);
    expect(shellChecksum(after).annotations?.['checksum/runtime-manifest']).not.toBe(shellChecksum(before).annotations?.['checksum/runtime-manifest']);
  });

  it("when one area's tag changes, then only that area's Deployment changes: the shell and the manifest stay", () => {
    const before = render('production');
    const after = renderWith('production', ['remotes[1].tag=0.2.0']);
    const changed = after.filter((object, index) => JSON.stringify(object) !== JSON.stringify(before[index])).map((o) => `${o.kind} ${o.metadata.name}`);
    expect(changed).toEqual(['Deployment kidslearn-mfe-learning']);
    expect(named<Workload>(after, 'Deployment', 'kidslearn-mfe-learning')!.spec.template.spec.containers[0]!.image).toBe('kidslearn-mfe-learning:0.2.0');
  });
});
