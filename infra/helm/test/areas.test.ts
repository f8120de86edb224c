// Shipping an area is one values entry: the remote's Deployment, Service, PodDisruptionBudget, route and its place in
// the runtime manifest (routes, menu, roles) all follow from it, and the shell rolls to serve the new manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifest } from '../../../shell/src/config/manifest-schema';
import type { K8sObject, Workload } from './support/objects';
import { named, ofKind } from './support/objects';
import { render, renderWith } from './support/render';

const manifestOf = (objects: K8sObject[]) => JSON.parse(ofKind(objects, 'ConfigMap').find((map) => map.data?.['config.json'])!.data!['config.json']!) as unknown;
const shellAnnotations = (objects: K8sObject[]) => (named<Workload>(objects, 'Deployment', 'kidslearn-shell')!.spec.template.metadata as { annotations?: Record<string, string> }).annotations ?? {};
const portalAreas = (JSON.parse(readFileSync(path.join(__dirname, '../../areas.json'), 'utf8')) as { areas: { name: string }[] }).areas;

describe('the runtime manifest', () => {
  it('when rendered, then it is a config.json the shell accepts: the portal’s areas (infra/areas.json), every remote on the public origin', () => {
    const manifest = parseManifest(manifestOf(render('production')));
    expect(manifest.gatewayUrl).toBe('https://learn.example.org/api');
    expect(manifest.keycloak).toEqual({ url: 'https://learn.example.org/auth', realm: 'kidslearn', clientId: 'kidslearn-portal' });
    expect(manifest.areas).toEqual(portalAreas.map((area) => ({ ...area, entry: `https://learn.example.org/mfe/${area.name.replace(/^mfe_/, '')}/remoteEntry.js` })));
  });

  it('when one remotes entry is added, then the area gets its server, route and manifest entry (routes, roles, menu), and the shell rolls', () => {
    const before = render('production');
    const after = renderWith('production', [
      'remotes[5].name=mfe-tutors',
      'remotes[5].remote=mfe_tutors',
      'remotes[5].roles[0]=parent',
      'remotes[5].routes[0].path=/tutors',
      'remotes[5].menu[0].label=Tutors',
      'remotes[5].menu[0].path=/tutors',
      'remotes[5].menu[0].order=90',
      'remotes[5].menu[0].roles[0]=parent',
    ]);
    const tutors = parseManifest(manifestOf(after)).areas.find((area) => area.name === 'mfe_tutors');
    expect(tutors).toEqual({
      name: 'mfe_tutors',
      entry: 'https://learn.example.org/mfe/tutors/remoteEntry.js',
      roles: ['parent'],
      routes: [{ path: '/tutors' }],
      menu: [{ label: 'Tutors', path: '/tutors', order: 90, roles: ['parent'] }],
    });
    expect(named<Workload>(after, 'Deployment', 'kidslearn-mfe-tutors')?.spec.template.spec.containers[0]!.image).toBe('kidslearn-mfe-tutors:0.1.0');
    expect(named(after, 'Service', 'kidslearn-mfe-tutors')).toBeDefined();
    expect(named(after, 'PodDisruptionBudget', 'kidslearn-mfe-tutors')).toBeDefined();
    const rules = (ofKind(after, 'HTTPRoute')[0]!.spec as { rules: { matches: { path: { value: string } }[] }[] }).rules;
    expect(rules.some((rule) => rule.matches[0]!.path.value === '/mfe/tutors')).toBe(true);
    expect(shellAnnotations(after)['checksum/runtime-manifest']).not.toBe(shellAnnotations(before)['checksum/runtime-manifest']);
  });

  it("when one area's tag changes, then only that area's Deployment changes: the shell and the manifest stay", () => {
    const before = render('production');
    const after = renderWith('production', ['remotes[1].tag=0.2.0']);
    const changed = after.filter((object, index) => JSON.stringify(object) !== JSON.stringify(before[index])).map((o) => `${o.kind} ${o.metadata.name}`);
    expect(changed).toEqual(['Deployment kidslearn-mfe-learning']);
    expect(named<Workload>(after, 'Deployment', 'kidslearn-mfe-learning')!.spec.template.spec.containers[0]!.image).toBe('kidslearn-mfe-learning:0.2.0');
  });

  it('when the area that publishes the first screen ships a new tag, then the shell rolls (same image) to put it in its page', () => {
    const before = render('production');
    const after = renderWith('production', ['remotes[0].tag=0.2.0']);
    const changed = after.filter((object, index) => JSON.stringify(object) !== JSON.stringify(before[index])).map((o) => `${o.kind} ${o.metadata.name}`);
    expect(changed.sort()).toEqual(['Deployment kidslearn-mfe-public', 'Deployment kidslearn-shell']);
    expect(shellAnnotations(after)['checksum/first-screen']).not.toBe(shellAnnotations(before)['checksum/first-screen']);
    const shell = named<Workload>(after, 'Deployment', 'kidslearn-shell')!.spec.template.spec;
    expect(shell.containers[0]!.image).toBe(named<Workload>(before, 'Deployment', 'kidslearn-shell')!.spec.template.spec.containers[0]!.image);
    const init = (shell as unknown as { initContainers: { env: { name: string; value: string }[] }[] }).initContainers[0]!;
    expect(init.env).toContainEqual({ name: 'KIDSLEARN_FIRST_SCREEN_URL', value: 'http://kidslearn-mfe-public/first-screen.html' });
  });
});
