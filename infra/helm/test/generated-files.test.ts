// The chart's generated files (the operator-mode realm, the broker permissions) match their sources.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chartDir } from './support/render';

const generator = path.join(__dirname, '..', 'scripts', 'generate-files.mjs');
const check = (filesDir: string) => execFileSync(process.execPath, [generator, '--check', '--files-dir', filesDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the generated chart files', () => {
  it('when compared with infra/keycloak and infra/rabbitmq, then they are up to date', () => {
    expect(check(path.join(chartDir, 'files'))).toContain('up to date');
  });

  it('when a generated file is edited by hand, then the check fails naming it and the command', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-chart-files-'));
    try {
      cpSync(path.join(chartDir, 'files'), dir, { recursive: true });
      writeFileSync(path.join(dir, 'broker-permissions.json'), '{}\n');
      expect(() => check(dir)).toThrow(/broker-permissions\.json; run: node infra\/helm\/scripts\/generate-files\.mjs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
