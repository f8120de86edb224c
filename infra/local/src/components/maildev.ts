import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Component } from '../component';
import { isPortOpen } from '../ports';
import { componentDir } from '../paths';

export const SMTP_PORT = 1025;
export const WEB_PORT = 1080;

/** maildev 2.2.1 (an npm dependency of infra/local): catches every mail; web UI and REST API on 1080. */
export const maildev: Component = {
  name: 'maildev',
  ports: [SMTP_PORT, WEB_PORT],
  urls: [`http://localhost:${WEB_PORT}`, `smtp://localhost:${SMTP_PORT}`],
  readyTimeoutMs: 20_000,

  async install() {
    // Installed with the npm dependencies of infra/local; resolving it proves it is there.
    require.resolve('maildev/bin/maildev');
  },

  async launch() {
    const dir = componentDir('maildev');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return {
      command: process.execPath,
      args: [
        require.resolve('maildev/bin/maildev'),
        '--ip', '127.0.0.1',
        '--smtp', String(SMTP_PORT),
        '--web', String(WEB_PORT),
        '--mail-directory', path.join(dir, 'mail'),
      ],
      cwd: dir,
    };
  },

  async ready() {
    if (!(await isPortOpen(SMTP_PORT))) throw new Error(`SMTP port ${SMTP_PORT} not open`);
    const response = await fetch(`http://127.0.0.1:${WEB_PORT}/healthz`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`GET /healthz answered ${response.status}`);
  },
};
