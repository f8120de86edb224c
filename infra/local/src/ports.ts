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

/** A port free on loopback now (the given one, or one the kernel picks); rejects when `port` is taken. */
export function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: chosen } = server.address() as net.AddressInfo;
      server.close(() => resolve(chosen));
    });
  });
}
