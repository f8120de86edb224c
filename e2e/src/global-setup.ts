// Starts the whole portal through the local runner (infrastructure, services with demo data, gateway,
// production builds of the shell and remotes); servers already running are reused, and only what
// this run started is stopped by the teardown.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { infraEnv } from '../../infra/local/src/env';
import { components } from '../../infra/local/src/registry';
import { assertNoErrors, startAll, stopAll } from '../../infra/local/src/runner';
import { STATE_FILE } from './portal';

export default async function globalSetup(): Promise<void> {
  Object.assign(process.env, infraEnv());
  const result = await startAll(components);
  if (result.errors.length > 0) {
    await stopAll(components, result.started);
    assertNoErrors(result.errors);
  }
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify({ started: result.started }));
}
