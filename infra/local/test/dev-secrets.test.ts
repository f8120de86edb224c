import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readOrMakeDevSecrets } from '../src/dev-secrets';

// The local runner's secrets are made at random once per machine, never taken from the repository.
describe('devSecrets', () => {
  const load = (cacheHome: string) => readOrMakeDevSecrets({ XDG_CACHE_HOME: cacheHome });

  it('when a machine has none yet, then random ones are made, kept readable by the owner only, and read again unchanged', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dev-secrets-'));
    const first = load(home);
    expect(first.keycloakBackendSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(first.keycloakAdminPassword).toMatch(/^[0-9a-f]{32}$/);
    const file = path.join(home, 'kidslearn', 'dev-secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load(home)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });

  it('when another machine (another cache) makes its own, then they differ: nothing is shared or committed', () => {
    const a = load(mkdtempSync(path.join(os.tmpdir(), 'dev-secrets-')));
    const b = load(mkdtempSync(path.join(os.tmpdir(), 'dev-secrets-')));
    expect(a.keycloakBackendSecret).not.toBe(b.keycloakBackendSecret);
    expect(a.keycloakAdminPassword).not.toBe(b.keycloakAdminPassword);
  });
});
