import net from 'node:net';
import { CHOSEN_PORTS_FROM, ephemeralPortRange, freePort, isPortOpen, listeningInodes } from '../src/ports';

const PROC_NET_TCP = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1111 1 0000000000000000 100 0 0 10 0',
  '   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2222 1 0000000000000000 100 0 0 10 0',
  '   2: 0100007F:1F90 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 3333 1 0000000000000000 20 4 30 10 -1',
  '   3: 0100007F:18EB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4444 1 0000000000000000 100 0 0 10 0',
].join('\n');

describe('listeningInodes', () => {
  it('when sockets listen on the port, then their inodes are returned', () => {
    expect(listeningInodes(PROC_NET_TCP, 8080)).toEqual(['1111', '2222']);
  });

  it('when a socket on the port is an established connection, then it is not counted', () => {
    expect(listeningInodes(PROC_NET_TCP, 8080)).not.toContain('3333');
  });

  it('when nothing listens on the port, then the list is empty', () => {
    expect(listeningInodes(PROC_NET_TCP, 27017)).toEqual([]);
    expect(listeningInodes('', 8080)).toEqual([]);
  });
});

describe('isPortOpen', () => {
  it('when a server listens, then the port is open; when it closed, then it is free', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    expect(await isPortOpen(port)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await isPortOpen(port)).toBe(false);
  });
});

describe('ephemeralPortRange', () => {
  it('when the kernel file gives a range, then it is read; when it is unreadable, then the Linux default', () => {
    expect(ephemeralPortRange('32768\t60999\n')).toEqual([32768, 60999]);
    expect(ephemeralPortRange('')).toEqual([32768, 60999]);
  });
});

describe('freePort', () => {
  it('when asked for any port, then each one is bindable, outside the ephemeral range and never handed out twice', async () => {
    const chosen = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    const [low] = ephemeralPortRange();
    for (const port of chosen) {
      expect(port).toBeGreaterThanOrEqual(CHOSEN_PORTS_FROM);
      expect(port).toBeLessThan(low);
    }
    expect(new Set(chosen).size).toBe(chosen.length);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(chosen[0], '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('when asked for a port something listens on, then it rejects', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await expect(freePort(port)).rejects.toThrow(/EADDRINUSE/);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
