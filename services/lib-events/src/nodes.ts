import amqp from 'amqplib';
import type { ChannelModel, Options } from 'amqplib';

/**
 * AMQP_URL names one broker node or several, comma-separated (the nodes of a cluster): e.g.
 * `amqp://quiz:pw@rabbit-1:5672,amqp://quiz:pw@rabbit-2:5672`. Each entry is a full URL of its own.
 */
export function parseAmqpUrls(value: string): Options.Connect[] {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error('AMQP_URL names no broker');
  return entries.map(toConnectOptions);
}

function toConnectOptions(entry: string): Options.Connect {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error(`AMQP_URL: not a URL: ${entry.replace(/\/\/[^@/]*@/, '//***@')}`);
  }
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'amqp' && protocol !== 'amqps') throw new Error(`AMQP_URL: expected amqp:// or amqps://, got ${protocol}://`);
  const number = (name: string) => (url.searchParams.has(name) ? Number(url.searchParams.get(name)) : undefined);
  const options: Options.Connect = {
    protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'amqp' ? 5672 : 5671,
    // The vhost is the path, percent-encoded; none (or `/`) is the default vhost.
    vhost: url.pathname.length > 1 ? decodeURIComponent(url.pathname.slice(1)) : '/',
  };
  if (url.username || url.password) Object.assign(options, { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  for (const name of ['heartbeat', 'frameMax', 'channelMax'] as const) if (number(name) !== undefined) options[name] = number(name);
  return options;
}

/** `host:port` of a node, for logs (never its credentials). */
export const describeNode = (node: Options.Connect): string => `${node.hostname}:${node.port}`;

/**
 * The nodes a connection may use, and which one it tries now. amqplib's recovery reconnects with the
 * connection options it was first given, reading them again at each attempt: `target` answers the current
 * node's fields, so moving to the next node (`next()`, on every failed attempt and every lost connection)
 * makes the next reconnect try another node of the cluster.
 */
export class NodeList {
  private index = 0;
  readonly nodes: Options.Connect[];
  readonly target: Options.Connect;

  constructor(amqpUrl: string) {
    this.nodes = parseAmqpUrls(amqpUrl);
    const current = () => this.current;
    this.target = {
      get protocol() { return current().protocol; },
      get hostname() { return current().hostname; },
      get port() { return current().port; },
      get username() { return current().username; },
      get password() { return current().password; },
      get vhost() { return current().vhost; },
      get heartbeat() { return current().heartbeat; },
      get frameMax() { return current().frameMax; },
      get channelMax() { return current().channelMax; },
    };
  }

  get current(): Options.Connect {
    return this.nodes[this.index]!;
  }

  next(): void {
    this.index = (this.index + 1) % this.nodes.length;
  }
}

/** One plain connection (no recovery) to the first node of the list that answers: for the CLIs and scripts. */
export async function connectFirst(amqpUrl: string, socketOptions: { timeout?: number } = {}): Promise<ChannelModel> {
  const failures: string[] = [];
  for (const node of parseAmqpUrls(amqpUrl)) {
    try {
      return await amqp.connect(node, { timeout: 10_000, ...socketOptions });
    } catch (error) {
      failures.push(`${describeNode(node)}: ${(error as Error).message}`);
    }
  }
  throw new Error(`no broker node answered (${failures.join('; ')})`);
}
