// Starts the containers of specs.ts through testcontainers (KIDSLEARN_INFRA=containers) and hands back the
// environment the tests read. Not run here (no container engine): docs/OPERATIONS.md says how to on a Docker host.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { GenericContainer, TestContainers, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import type { DevSecrets } from '../../dev-secrets';
import { say } from '../../log';
import { localDir } from '../../paths';
import { checkContainerEngine } from './engine';
import { writeRabbitmqctlWrapper } from './rabbitmqctl-wrapper';
import { MAILDEV_SMTP_PORT, containerSpecs, containersEnv, type ContainerSpec, type Engine } from './specs';

export interface StartedEngines {
  /** docs/CONTRACTS.md's variables for the containers, and RABBITMQCTL for the tests that need it */
  env: Record<string, string>;
  /** the broker user the tests connect as (test vhosts grant it) */
  brokerUser: string;
  stop(): Promise<void>;
}

export function toContainer(spec: ContainerSpec): GenericContainer {
  let container = new GenericContainer(spec.image)
    .withExposedPorts(...spec.ports)
    .withEnvironment(spec.env)
    .withStartupTimeout(spec.startupTimeoutMs)
    .withWaitStrategy(spec.wait.kind === 'log' ? Wait.forLogMessage(spec.wait.message, spec.wait.times ?? 1) : Wait.forHttp(spec.wait.path, spec.wait.port).forStatusCode(200));
  if (spec.command) container = container.withCommand(spec.command);
  if (spec.files.length > 0) container = container.withCopyContentToContainer(spec.files);
  if (spec.directories.length > 0) container = container.withCopyDirectoriesToContainer(spec.directories);
  return container;
}

async function afterStart(spec: ContainerSpec, started: StartedTestContainer): Promise<void> {
  for (const command of spec.afterStart) {
    const { exitCode, output } = await started.exec(command);
    if (exitCode !== 0) throw new Error(`${spec.engine}: ${command.join(' ')} exited with ${exitCode}: ${output.slice(0, 500)}`);
  }
}

export async function startEngines(secrets: DevSecrets): Promise<StartedEngines> {
  await checkContainerEngine(process.env, () => getContainerRuntimeClient());
  // Keycloak mails the local runner's maildev on the host.
  await TestContainers.exposeHostPorts(MAILDEV_SMTP_PORT);
  const broker = { user: 'kidslearn-tests', password: randomBytes(18).toString('hex') };
  const specs = containerSpecs(secrets, broker);
  const started = new Map<Engine, StartedTestContainer>();
  const stop = async () => {
    await Promise.all([...started.values()].map((c) => c.stop().catch(() => undefined)));
  };
  try {
    await Promise.all(
      specs.map(async (spec) => {
        say(spec.engine, `starting ${spec.image} (container)`);
        const container = await toContainer(spec).start();
        started.set(spec.engine, container);
        await afterStart(spec, container);
        say(spec.engine, `ready (container ${container.getId().slice(0, 12)})`);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const at = (engine: Engine, port: number) => ({ host: started.get(engine)!.getHost(), port: started.get(engine)!.getMappedPort(port) });
  const wrapper = writeRabbitmqctlWrapper(path.join(localDir, 'containers'), started.get('rabbitmq')!.getId());
  return {
    env: { ...containersEnv(at, secrets, broker), RABBITMQCTL: wrapper, RABBITMQ_NODENAME: 'rabbit@container' },
    brokerUser: broker.user,
    stop,
  };
}
