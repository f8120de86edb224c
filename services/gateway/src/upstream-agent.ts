import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * The gateway's keep-alive pool to one service: a request is sent only over a connection the service has already
 * answered on, never bound to a connection it opened for that request.
 *
 * Why: Node 20's libuv accepts one connection per event-loop turn (lib-http's KEEP_ALIVE_MS). A busy service turns
 * its loop a few times a second, so when a burst of requests finds no free socket and Node's own agent opens one
 * socket per request, the 140th request waits for 140 turns in the service's accept queue (measured in the learners
 * drill: up to 37 s) while the sockets already accepted keep being served. Here a request that finds no free
 * socket waits in this agent's queue, oldest first, and takes the first socket that frees up. The pool still grows:
 * for each waiting request the agent opens one connection and proves it with a cheap `GET probePath`; once
 * answered, it joins the pool. On an idle service a probe is answered within milliseconds, so a burst still gets as
 * many connections as it needs (up to maxSockets); on a busy one, the burst is served by the connections that work.
 */
export interface UpstreamAgentOptions {
  /** The cheap GET that proves a new connection is served (every service answers `/healthz` without work). */
  probePath: string;
  /** Connections per instance, idle or busy, probes included. */
  maxSockets: number;
  /** An idle connection is dropped after this long (Node honours a shorter `Keep-Alive: timeout` hint). */
  idleTimeoutMs: number;
  /** A request that waited this long for a connection fails (ETIMEDOUT), as one that waited for its answer would. */
  queueTimeoutMs: number;
}

/** Node's Agent method that binds a request to a free or new socket (stable since Node 14; not in @types/node). */
const nodeAgent = http.Agent.prototype as unknown as { addRequest(req: http.ClientRequest, options: RequestOptions): void };

/** Marks the agent's own probes: the only requests that may open a connection while others wait. */
const PROBE = Symbol('connection probe');
type RequestOptions = http.RequestOptions & { [PROBE]?: true };

interface Waiting {
  req: http.ClientRequest;
  options: RequestOptions;
  timer: NodeJS.Timeout;
}

/** Fails a request that has no socket yet: it emits 'error' (the proxy answers 502 or tries another instance). */
const fail = (req: http.ClientRequest, error: Error) => (req.onSocket as (socket: Socket | undefined, err: Error) => void)(undefined, error);

const timedOut = () => Object.assign(new Error('no connection to the service became free in time'), { code: 'ETIMEDOUT' });

export class UpstreamAgent extends http.Agent {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly probing = new Map<string, number>();
  /** Sockets that carried an answer, so the service reads them. */
  private readonly answered = new WeakSet<Socket>();
  private readonly probePath: string;
  private readonly queueTimeoutMs: number;

  constructor(options: UpstreamAgentOptions) {
    // Every socket the load needs stays pooled while idle (maxFreeSockets = maxSockets): trimming the pool would
    // make the next wave open connections again.
    super({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets, timeout: options.idleTimeoutMs });
    this.probePath = options.probePath;
    this.queueTimeoutMs = options.queueTimeoutMs;
    // Node's own 'free' listener (registered first) has pooled or destroyed the socket by now.
    this.on('free', (socket: Socket, options: RequestOptions) => {
      if (!socket.destroyed) this.answered.add(socket);
      this.pump(this.getName(options));
    });
  }

  /** Called by http.request: a free socket is used at once; otherwise the request waits for one. */
  addRequest(req: http.ClientRequest, options: RequestOptions): void {
    if (options[PROBE]) return nodeAgent.addRequest.call(this, req, options);
    const name = this.getName(options);
    const queue = this.waiting.get(name) ?? [];
    if (queue.length === 0 && this.hasFree(name)) return nodeAgent.addRequest.call(this, req, options);
    const timer = setTimeout(() => this.expire(name, req), this.queueTimeoutMs).unref();
    queue.push({ req, options, timer });
    this.waiting.set(name, queue);
    this.pump(name);
  }

  /** Fails every waiting request: the gateway is stopping. */
  override destroy(): void {
    for (const queue of this.waiting.values()) {
      for (const { req, timer } of queue) {
        clearTimeout(timer);
        fail(req, new Error('gateway stopping'));
      }
    }
    this.waiting.clear();
    super.destroy();
  }

  /** Hands free sockets to the oldest waiting requests, then opens a connection for each one still waiting. */
  private pump(name: string): void {
    // A request the caller gave up on (the proxy destroyed it) leaves the queue.
    const queue = this.waiting.get(name)?.filter(({ req, timer }) => {
      if (req.destroyed) clearTimeout(timer);
      return !req.destroyed;
    });
    while (queue?.length && this.hasFree(name)) this.dispatch(queue.shift()!);
    if (!queue?.length) return void this.waiting.delete(name);
    this.waiting.set(name, queue);
    for (let wanted = queue.length - (this.probing.get(name) ?? 0); wanted > 0 && this.socketCount(name) < this.maxSockets; wanted--) {
      this.probe(name, queue[0]!.options);
    }
  }

  private dispatch({ req, options, timer }: Waiting): void {
    clearTimeout(timer);
    nodeAgent.addRequest.call(this, req, options);
  }

  /** Opens a connection and proves it; an answered one joins the pool through 'free' (see the constructor). */
  private probe(name: string, { host, port, family, localAddress }: RequestOptions): void {
    this.probing.set(name, (this.probing.get(name) ?? 0) + 1);
    let socket: Socket | undefined;
    let failure: Error | undefined;
    const probe = http.request({ host, port, family, localAddress, method: 'GET', path: this.probePath, agent: this, [PROBE]: true } as RequestOptions);
    probe.on('socket', (s: Socket) => (socket = s));
    probe.on('response', (res) => {
      res.on('error', (error) => (failure ??= error));
      res.resume();
    });
    probe.on('error', (error) => (failure = error));
    probe.setTimeout(this.queueTimeoutMs, () => probe.destroy(timedOut()));
    // 'close' comes just before the socket's 'free': look once both are done.
    probe.on('close', () =>
      setImmediate(() => {
        this.probing.set(name, (this.probing.get(name) ?? 1) - 1);
        // The service could not be reached: the oldest request fails as it would have on a connection of its own.
        if (failure) this.takeOldest(name, (waiting) => (clearTimeout(waiting.timer), fail(waiting.req, failure!)));
        // The service answered but closed the connection (no keep-alive): the oldest request opens its own.
        else if (!socket || !this.answered.has(socket)) this.takeOldest(name, (waiting) => this.dispatch(waiting));
        this.pump(name);
      }),
    );
    probe.end();
  }

  private takeOldest(name: string, use: (waiting: Waiting) => void): void {
    const queue = this.waiting.get(name);
    let next: Waiting | undefined;
    while ((next = queue?.shift()) && next.req.destroyed) clearTimeout(next.timer);
    if (next) use(next);
  }

  private expire(name: string, req: http.ClientRequest): void {
    const queue = this.waiting.get(name);
    const index = queue?.findIndex((waiting) => waiting.req === req) ?? -1;
    if (index < 0) return;
    queue!.splice(index, 1);
    fail(req, timedOut());
  }

  /** Checked on every request: no copy of the free list is made. */
  private hasFree(name: string): boolean {
    return this.freeSockets[name]?.some((socket) => !socket.destroyed) ?? false;
  }

  private socketCount(name: string): number {
    return (this.sockets[name]?.length ?? 0) + (this.freeSockets[name]?.length ?? 0);
  }
}
