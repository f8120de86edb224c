import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import type { PortOwner } from './errors';

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const LISTEN = '0A';

/** Socket inodes listening on `port`, from the text of /proc/net/tcp or /proc/net/tcp6. */
export function listeningInodes(procNetTcp: string, port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return procNetTcp
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 9 && f[3] === LISTEN && f[1]?.split(':')[1] === hexPort)
    .map((f) => f[9] as string)
    .filter((inode) => inode !== '0');
}

const readOr = (file: string, fallback = ''): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** Command line of a process, NULs as spaces. */
export const commandOf = (pid: number): string => readOr(`/proc/${pid}/cmdline`).split('\0').join(' ').trim();

/** The environment of a process as a map (empty when unreadable). */
export function environOf(pid: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of readOr(`/proc/${pid}/environ`).split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

/** Every live pid (Linux /proc). */
export function allPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The process that listens on `port` (Linux: /proc/net/tcp{,6} → socket inode → /proc/<pid>/fd). */
export function findPortOwner(port: number): PortOwner | undefined {
  const inodes = new Set([...listeningInodes(readOr('/proc/net/tcp'), port), ...listeningInodes(readOr('/proc/net/tcp6'), port)]);
  if (inodes.size === 0) return undefined;
  for (const pid of allPids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1] as string)) return { pid, command: commandOf(pid) || 'unknown' };
      } catch {
        // fd closed meanwhile
      }
    }
  }
  return undefined;
}

/** Whether `port` can be bound on loopback now (resolves the port bound: the kernel's choice for 0). */
function bindable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: chosen } = server.address() as net.AddressInfo;
      server.close(() => resolve(chosen));
    });
  });
}

/** Linux's range for the local ports of outgoing connections ("32768 60999"); the default when unreadable. */
export function ephemeralPortRange(text = readOr('/proc/sys/net/ipv4/ip_local_port_range')): [number, number] {
  const [low, high] = text.trim().split(/\s+/).map(Number);
  return low && high && low <= high ? [low, high] : [32768, 60999];
}

/**
 * Where freePort() chooses: above the project's fixed ports (RabbitMQ distribution 25672, 25681–25683) and below
 * the ephemeral range, so no outgoing connection can take a chosen port before its server binds it (a port the
 * kernel picks for a listen comes from that range, and a drill once lost its port that way: EADDRINUSE).
 */
export const CHOSEN_PORTS_FROM = 26000;
const handedOut = new Set<number>();

/**
 * A port free on loopback now: the given one (rejects when taken), or one chosen at random between
 * CHOSEN_PORTS_FROM and the ephemeral range, never the same twice in a process.
 */
export async function freePort(port = 0): Promise<number> {
  if (port !== 0) return bindable(port);
  const below = ephemeralPortRange()[0];
  for (let tries = 0; below - CHOSEN_PORTS_FROM > 100 && tries < 100; tries += 1) {
    const candidate = CHOSEN_PORTS_FROM + Math.floor(Math.random() * (below - CHOSEN_PORTS_FROM));
    if (handedOut.has(candidate)) continue;
    const free = await bindable(candidate).then(
      () => true,
      () => false,
    );
    if (!free) continue;
    handedOut.add(candidate);
    return candidate;
  }
  // No room below the ephemeral range on this machine: the kernel's choice.
  return bindable(0);
}
