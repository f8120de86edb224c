import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { componentDir } from './paths';

const run = promisify(execFile);
export const RABBITMQCTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';

/** HOME of a node started by the runner: holds the Erlang cookie rabbitmqctl needs to talk to it. */
export const rabbitmqHome = (name: string): string => path.join(componentDir(name), 'home');

/** Who rabbitmqctl talks to: the node's component name (its HOME), Erlang node name and epmd port (default 4369). */
export interface NodeAddress {
  name: string;
  nodeName: string;
  epmdPort?: number;
}

/** rabbitmqctl against one node started by the runner; resolves with its standard output. */
export async function rabbitmqctl(node: NodeAddress, args: string[], timeoutMs = 60_000): Promise<string> {
  const env = { ...process.env, HOME: rabbitmqHome(node.name), ...(node.epmdPort ? { ERL_EPMD_PORT: String(node.epmdPort) } : {}) };
  const { stdout } = await run(RABBITMQCTL, ['-n', node.nodeName, ...args], { env, timeout: timeoutMs });
  return stdout;
}
