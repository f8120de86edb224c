// The chart as Helm and Kubernetes see it, without a cluster: helm lint --strict, helm template, and every built-in
// object of the rendering against Kubernetes' own JSON schemas (strict). Custom resources are checked by
// custom-resources.test.ts; here they must at least be of a known operator's kind and version.
import { kindProblems } from './support/custom-resources';
import { isBuiltIn } from './support/objects';
import type { ValueSet } from './support/render';
import { lint, render } from './support/render';
import { KUBERNETES_VERSION } from './support/tools';
import { tally, validateBuiltIns } from './support/validate';

describe.each<ValueSet>(['development', 'production'])('the chart with the %s values', (set) => {
  it('when linted strictly, then Helm finds nothing wrong', () => {
    expect(lint(set)).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  it(`when rendered, then every built-in object is valid against Kubernetes ${KUBERNETES_VERSION}'s schemas: none invalid, none skipped`, () => {
    const objects = render(set);
    const builtIns = objects.filter(isBuiltIn);
    const figures = tally(validateBuiltIns(builtIns));
    process.stdout.write(
      `[helm] ${set}: ${objects.length} objects rendered, ${figures.validated} built-in validated, ${figures.invalid.length} invalid, ` +
        `${figures.skipped.length} skipped, ${objects.length - builtIns.length} custom resources checked by tests\n`,
    );
    expect(figures.invalid).toEqual([]);
    expect(figures.skipped).toEqual([]);
    expect(figures.validated).toBe(builtIns.length);
    expect(builtIns.map((o) => o.kind)).toEqual(expect.arrayContaining(['Deployment', 'Service', 'PodDisruptionBudget', 'NetworkPolicy', 'ConfigMap']));
  });

  it('when rendered, then every other object is a custom resource of a known operator, at the version it serves', () => {
    expect(kindProblems(render(set))).toEqual([]);
  });
});
