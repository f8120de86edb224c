// The integration run's global setup and its private vhost: a vhost that cannot be made fails the run (and stops
// what the setup started, as Jest runs no teardown after a failed setup) instead of handing the tests the default
// vhost. The runner, the servers and rabbitmqctl are stand-ins here; test-vhost.test.ts covers rabbitmqctl's side.
import { InfraError } from '../src/errors';
import globalSetup, { STARTED_KEY, VHOST_KEY } from '../src/jest/global-setup';
import { stopAll, startAll } from '../src/runner';
import { createTestVhost } from '../src/jest/test-vhost';

jest.mock('node:fs', () => ({ ...jest.requireActual('node:fs'), writeFileSync: jest.fn(), rmSync: jest.fn() }));
jest.mock('../src/registry', () => ({ infrastructure: [] }));
// Like the real one, values already set win.
jest.mock('../src/env', () => ({ infraEnv: () => ({ AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672' }) }));
jest.mock('../src/runner', () => ({ startAll: jest.fn(), stopAll: jest.fn(async () => []), assertNoErrors: jest.fn() }));
jest.mock('../src/jest/test-vhost', () => ({ ...jest.requireActual('../src/jest/test-vhost'), createTestVhost: jest.fn() }));
const engines = { env: {}, brokerUser: 'kidslearn-tests', stop: jest.fn(async () => undefined) };
jest.mock('../src/jest/containers/start', () => ({ startEngines: async () => engines }));

const started = startAll as jest.MockedFunction<typeof startAll>;
const stopped = stopAll as jest.MockedFunction<typeof stopAll>;
const vhostMade = createTestVhost as jest.MockedFunction<typeof createTestVhost>;
const refused = new InfraError('rabbitmq', 'could not create the private vhost kidslearn-test-1 for this test run');
const globals = globalThis as Record<string, unknown>;
let savedEnv: NodeJS.ProcessEnv;

beforeEach(() => {
  savedEnv = { ...process.env };
  delete process.env.KIDSLEARN_INFRA;
  delete process.env.AMQP_URL;
  jest.clearAllMocks();
  started.mockResolvedValue({ started: ['rabbitmq', 'redis'], reused: ['ferretdb'], errors: [] });
});

afterEach(() => {
  process.env = savedEnv;
  delete globals[STARTED_KEY];
  delete globals[VHOST_KEY];
});

it('when the private vhost is made, then the tests get AMQP_URL on it and the teardown learns its name', async () => {
  vhostMade.mockResolvedValue('kidslearn-test-1');
  await globalSetup();
  expect(process.env.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672/kidslearn-test-1');
  expect(globals[VHOST_KEY]).toBe('kidslearn-test-1');
  expect(stopped).not.toHaveBeenCalled();
});

it('when the private vhost cannot be made, then the run fails with that error and what the setup started is stopped', async () => {
  vhostMade.mockRejectedValue(refused);
  await expect(globalSetup()).rejects.toBe(refused);
  expect(stopped).toHaveBeenCalledWith([], ['rabbitmq', 'redis']);
  expect(globals[VHOST_KEY]).toBeUndefined();
});

it('when the servers were all running already and no vhost can be made, then the run fails and nothing is stopped', async () => {
  started.mockResolvedValue({ started: [], reused: ['rabbitmq', 'redis'], errors: [] });
  vhostMade.mockRejectedValue(refused);
  await expect(globalSetup()).rejects.toBe(refused);
  expect(stopped).not.toHaveBeenCalled();
});

it('when the engines run as containers and no vhost can be made, then the run fails and the containers are stopped', async () => {
  process.env.KIDSLEARN_INFRA = 'containers';
  started.mockResolvedValue({ started: ['maildev'], reused: [], errors: [] });
  vhostMade.mockRejectedValue(refused);
  await expect(globalSetup()).rejects.toBe(refused);
  expect(vhostMade).toHaveBeenCalledWith('kidslearn-tests');
  expect(engines.stop).toHaveBeenCalled();
  expect(stopped).toHaveBeenCalledWith([], ['maildev']);
});

it('when the servers are external (KIDSLEARN_INFRA=external), then nothing is started, no vhost is asked for and AMQP_URL stays as given', async () => {
  process.env.KIDSLEARN_INFRA = 'external';
  process.env.AMQP_URL = 'amqp://me:pw@broker.example:5672/mine';
  await globalSetup();
  expect(started).not.toHaveBeenCalled();
  expect(vhostMade).not.toHaveBeenCalled();
  expect(process.env.AMQP_URL).toBe('amqp://me:pw@broker.example:5672/mine');
});
