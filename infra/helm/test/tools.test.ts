// Without the cached tools the chart tests fail, naming the command that installs them; they never skip.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { helm, validatorPython } from './support/tools';

describe('the chart tests without their tools', () => {
  const saved = process.env.XDG_CACHE_HOME;
  let emptyCache: string;
  beforeEach(() => {
    emptyCache = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-empty-cache-'));
    process.env.XDG_CACHE_HOME = emptyCache;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
    rmSync(emptyCache, { recursive: true, force: true });
  });

  it('when Helm is not in the cache, then using it fails naming the install command', () => {
    expect(() => helm()).toThrow(/Helm v3\.22\.0 is not installed at .*: run `npx tsx infra\/local\/src\/cli\.ts install helm`/);
  });

  it('when the validator is not in the cache, then using it fails naming the install command', () => {
    expect(() => validatorPython()).toThrow(/kubernetes-validate 1\.37\.0 is not installed: run `npx tsx infra\/local\/src\/cli\.ts install kubernetes-validate`/);
  });
});
