// The FerretDB wrapper's own Go unit tests (infra/local/ferretdb/*_test.go: what the write gate locks, that it
// serialises and never deadlocks, the relay, the slow-command log's shapes without values) run with the suite,
// with the toolchain that builds the wrapper. The races between real client processes are
// ferretdb-atomic.int.test.ts.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { goCommand } from '../src/components/ferretdb';

const moduleDir = path.join(__dirname, '..', 'ferretdb');

it('when the wrapper’s Go unit tests run, then every one passes', async () => {
  const { stdout } = await promisify(execFile)(goCommand(), ['test', '-count=1', './...'], { cwd: moduleDir, timeout: 9 * 60_000 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`go test failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  expect(stdout).toMatch(/^ok\s+github\.com\/kidslearn\/infra-local\/ferretdb/m);
}, 10 * 60_000);
