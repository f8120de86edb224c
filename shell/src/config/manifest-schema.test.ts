import { ManifestError, parseManifest } from './manifest-schema';
import { defaultManifest } from '../test/test-platform';

function problemsOf(raw: unknown): string[] {
  try {
    parseManifest(raw);
  } catch (error) {
    if (error instanceof ManifestError) return error.problems;
    throw error;
  }
  return [];
}

describe('the runtime manifest', () => {
  it('when it carries the default areas, then it is accepted as it is', () => {
    const manifest = defaultManifest();
    expect(parseManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
  });

  it('when gameUrl is empty (every deployment writes it so), then there is none: mfe-learning plays its own game', () => {
    expect(parseManifest({ ...defaultManifest(), gameUrl: '' })).not.toHaveProperty('gameUrl');
    expect(parseManifest({ ...defaultManifest(), gameUrl: ' https://games.example/play ' }).gameUrl).toBe('https://games.example/play');
  });

  it('when fields are missing or wrong, then every problem is named by its place', () => {
    const manifest = defaultManifest();
    const broken = {
      ...manifest,
      keycloak: { url: 'http://k', realm: '' },
      areas: [{ ...manifest.areas[0], name: 'mfe-public', roles: ['teacher'], routes: [{ path: 'about' }] }],
    };
    expect(problemsOf(broken)).toEqual([
      'keycloak.realm: must not be empty',
      expect.stringMatching(/^keycloak\.clientId: /),
      'areas.0.name: must be a Module Federation name such as mfe_public',
      expect.stringMatching(/^areas\.0\.roles\.0: /),
      'areas.0.routes.0.path: must be a path starting with /',
    ]);
  });

  it('when two areas claim one page or an area claims the shell’s own, then it is refused', () => {
    const manifest = defaultManifest();
    const learning = manifest.areas[1]!;
    expect(problemsOf({ ...manifest, areas: [...manifest.areas, { ...learning, name: 'mfe_copy' }] })).toContain('areas.5: /my-classes is already a route of mfe_learning');
    expect(problemsOf({ ...manifest, areas: [...manifest.areas, { ...learning, name: 'mfe_learning', routes: [{ path: '/x' }] }] })).toContain('areas.5.name: "mfe_learning" is listed twice');
    expect(problemsOf({ ...manifest, areas: [{ ...learning, routes: [{ path: '/Authentication/' }] }] })).toContain('areas.0: /Authentication/ belongs to the shell');
  });
});
