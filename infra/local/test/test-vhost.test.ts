// The test run's private RabbitMQ vhost (src/jest/test-vhost.ts), with a stand-in rabbitmqctl that records its
// calls and fails on the command it is told to: a vhost that cannot be made is an error that says what to do,
// never a silent fall back to the default vhost a running portal shares.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InfraError } from '../src/errors';
import { createTestVhost } from '../src/jest/test-vhost';

const VARS = ['RABBITMQCTL', 'RABBITMQ_NODENAME', 'KIDSLEARN_INFRA', 'FAKE_CTL_LOG', 'FAKE_CTL_FAIL'] as const;
let dir: string;
let saved: Record<string, string | undefined>;

beforeEach(() => {
  saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));
  dir = mkdtempSync(path.join(os.tmpdir(), 'test-vhost-'));
  const ctl = path.join(dir, 'rabbitmqctl');
  writeFileSync(
    ctl,
    [
      '#!/bin/sh',
      'echo "$*" >> "$FAKE_CTL_LOG"',
      'case " $* " in *" $FAKE_CTL_FAIL "*) echo "Error: unable to perform an operation on node \'$2\'." >&2; exit 69;; esac',
    ].join('\n'),
  );
  chmodSync(ctl, 0o755);
  Object.assign(process.env, { RABBITMQCTL: ctl, RABBITMQ_NODENAME: 'kidslearn@localhost', FAKE_CTL_LOG: path.join(dir, 'calls.log'), FAKE_CTL_FAIL: 'none' });
  delete process.env.KIDSLEARN_INFRA;
});

afterEach(() => {
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The commands rabbitmqctl was called with (node option left out). */
const calls = (): string[] => {
  const log = path.join(dir, 'calls.log');
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((line) => line.replace(/^-n \S+ /, '')) : [];
};

it('when rabbitmqctl works, then a vhost of the run is added, its user may use it, and its name is answered', async () => {
  const vhost = await createTestVhost('kidslearn-tests');
  expect(vhost).toMatch(new RegExp(`^kidslearn-test-${process.pid}-`));
  expect(calls()).toEqual([`add_vhost ${vhost}`, `set_permissions -p ${vhost} kidslearn-tests .* .* .*`]);
});

it('when the broker cannot be reached, then it fails with an error naming the node, the cause and what to do', async () => {
  process.env.FAKE_CTL_FAIL = 'add_vhost';
  const error = (await createTestVhost().catch((e: unknown) => e)) as InfraError;
  expect(error).toBeInstanceOf(InfraError);
  expect(error.component).toBe('rabbitmq');
  expect(error.message).toMatch(/^rabbitmq: could not create the private vhost kidslearn-test-\S+ for this test run on node kidslearn@localhost/);
  expect(error.message).toContain("(Error: unable to perform an operation on node 'kidslearn@localhost'.)");
  expect(error.message).toContain('set KIDSLEARN_INFRA=external');
  expect(calls()).toHaveLength(1);
});

it('when the user cannot be given the vhost, then the vhost made is deleted again and it fails', async () => {
  process.env.FAKE_CTL_FAIL = 'set_permissions';
  await expect(createTestVhost()).rejects.toThrow(/could not give guest the private vhost kidslearn-test-\S+ for this test run/);
  const [added, , deleted] = calls();
  expect(deleted).toBe(added!.replace('add_vhost', 'delete_vhost'));
});

it('when rabbitmqctl is not installed, then the error still says which command failed and why', async () => {
  process.env.RABBITMQCTL = path.join(dir, 'missing-rabbitmqctl');
  await expect(createTestVhost()).rejects.toThrow(/could not create the private vhost .*\(spawn \S+missing-rabbitmqctl ENOENT\)/);
});

it('when the servers are external (KIDSLEARN_INFRA=external), then no vhost is made and rabbitmqctl is not called', async () => {
  process.env.KIDSLEARN_INFRA = 'external';
  await expect(createTestVhost()).resolves.toBeUndefined();
  expect(calls()).toEqual([]);
});
