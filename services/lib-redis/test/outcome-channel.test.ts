import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { createOutcomeListeners, outcomeChannel } from '../src';

const createOutcomeWaiter = (subscriber: Redis) => {
  const listeners = createOutcomeListeners(subscriber, 'test');
  return {
    listen: listeners.listen,
    /** A wait for an outcome that may already be recorded (read first), closed after. */
    async waitFor<T>(id: string, timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement?: (message: string) => T | null): Promise<T | null> {
      const listener = await listeners.listen(id, { readFirst: true });
      try {
        return await listener.wait(timeoutMs, read, fromAnnouncement);
      } finally {
        await listener.close();
      }
    },
  };
};
// An announcement that carries a value (`value:<n>`), as a service's own format would.
const gemsAnnouncement = (n: number) => `value:${n}`;
const announcedGems = (message: string): number | null => (/^value:\d+$/.test(message) ? Number(message.slice('value:'.length)) : null);

// A wait's timeout beyond the test's own (5 s): a waiter that slept it out would fail the test, not pass it late.
const LONG_MS = 10 * 60_000;

/** A subscriber connection stand-in: subscribe succeeds (the channels are noted), messages are emitted by the test. */
function fakeSubscriber() {
  const emitter = new EventEmitter() as EventEmitter & { subscribe: (channel: string) => Promise<void>; subscribed: string[] };
  emitter.subscribed = [];
  emitter.subscribe = async (channel) => {
    emitter.subscribed.push(channel);
  };
  return emitter;
}

/** What announceOutcome publishes for `id` on the test service's channel, as the subscriber receives it. */
const announce = (subscriber: EventEmitter, id: string, outcome = '') => subscriber.emit('message', outcomeChannel('test'), `${id} ${outcome}`);

describe('outcome waiter', () => {
  it('when the outcome is announced while the first read is in flight, then it reads again at once instead of waiting out the timeout', async () => {
    const subscriber = fakeSubscriber();
    const waiter = createOutcomeWaiter(subscriber as unknown as Redis);
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) {
        announce(subscriber, 'a1'); // the consumer settles and announces now
        return null;
      }
      return 7;
    };
    await expect(waiter.waitFor('a1', LONG_MS, read)).resolves.toBe(7);
    expect(reads).toBe(2);
  });

  it('when nothing is announced, then it answers the last read after the timeout', async () => {
    const waiter = createOutcomeWaiter(fakeSubscriber() as unknown as Redis);
    await expect(waiter.waitFor('a2', 50, async () => null)).resolves.toBeNull();
  });

  it('when the outcome is announced during the wait, then it wakes and reads it', async () => {
    const subscriber = fakeSubscriber();
    const waiter = createOutcomeWaiter(subscriber as unknown as Redis);
    let settled = false;
    setTimeout(() => {
      settled = true;
      announce(subscriber, 'a3');
    }, 20);
    await expect(waiter.waitFor('a3', LONG_MS, async () => (settled ? 3 : null))).resolves.toBe(3);
  });
});

describe('outcome waiter, announcement with a value', () => {
  it('when the announcement carries the recorded total, then the waiter answers it without reading the attempt again', async () => {
    const subscriber = fakeSubscriber();
    const waiter = createOutcomeWaiter(subscriber as unknown as Redis);
    let reads = 0;
    setTimeout(() => announce(subscriber, 'b1', gemsAnnouncement(12)), 20);
    await expect(
      waiter.waitFor(
        'b1',
        2000,
        async () => {
          reads += 1;
          return null;
        },
        announcedGems,
      ),
    ).resolves.toBe(12);
    expect(reads).toBe(1); // only the read right after subscribing
  });

  it('when an announcement carries nothing it understands (an older instance), then the waiter reads the attempt', async () => {
    const subscriber = fakeSubscriber();
    const waiter = createOutcomeWaiter(subscriber as unknown as Redis);
    let settled = false;
    setTimeout(() => {
      settled = true;
      announce(subscriber, 'b2', '1');
    }, 20);
    await expect(waiter.waitFor('b2', 2000, async () => (settled ? 4 : null), announcedGems)).resolves.toBe(4);
  });

});

describe('outcome listener (opened before the event is published)', () => {
  const counting = (answer: () => number | null) => {
    const read = async () => {
      read.calls += 1;
      return answer();
    };
    read.calls = 0;
    return read;
  };

  it('when the announcement lands before the wait starts, then it is answered without reading the attempt', async () => {
    const subscriber = fakeSubscriber();
    const listener = await createOutcomeWaiter(subscriber as unknown as Redis).listen('c1');
    announce(subscriber, 'c1', gemsAnnouncement(9));
    const read = counting(() => null);
    await expect(listener.wait(2000, read, announcedGems)).resolves.toBe(9);
    expect(read.calls).toBe(0);
    await listener.close();
  });

  it('when subscribed and nothing is announced, then it reads only once, at the timeout', async () => {
    const listener = await createOutcomeWaiter(fakeSubscriber() as unknown as Redis).listen('c2');
    const read = counting(() => null);
    await expect(listener.wait(60, read, announcedGems)).resolves.toBeNull();
    expect(read.calls).toBe(1);
  });

  it('when Redis refuses the subscription, then it reads the attempt until the outcome is there', async () => {
    const subscriber = fakeSubscriber();
    subscriber.subscribe = async () => {
      throw new Error('Redis is down');
    };
    const listener = await createOutcomeWaiter(subscriber as unknown as Redis).listen('c3');
    let settled = false;
    setTimeout(() => (settled = true), 300);
    const read = counting(() => (settled ? 5 : null));
    await expect(listener.wait(3000, read, announcedGems)).resolves.toBe(5);
    expect(read.calls).toBeGreaterThanOrEqual(2);
  });

  it("when requests listen, then the service's one channel was subscribed at start and no request subscribes again", async () => {
    const subscriber = fakeSubscriber();
    const listeners = createOutcomeWaiter(subscriber as unknown as Redis);
    expect(subscriber.subscribed).toEqual([outcomeChannel('test')]);
    const opened = await Promise.all(['d1', 'd2', 'd3'].map((id) => listeners.listen(id)));
    await Promise.all(opened.map((listener) => listener.close()));
    expect(subscriber.subscribed).toEqual([outcomeChannel('test')]);
  });

  it("when another request's outcome or another channel's message arrives, then the wait is not answered by it", async () => {
    const subscriber = fakeSubscriber();
    const listener = await createOutcomeWaiter(subscriber as unknown as Redis).listen('e1');
    announce(subscriber, 'e10', gemsAnnouncement(1));
    subscriber.emit('message', outcomeChannel('other'), `e1 ${gemsAnnouncement(2)}`);
    setTimeout(() => announce(subscriber, 'e1', gemsAnnouncement(3)), 20);
    await expect(listener.wait(2000, async () => null, announcedGems)).resolves.toBe(3);
    await listener.close();
  });

  it('when the connection drops during a wait, then the waiter reads the attempt until the outcome is there', async () => {
    const subscriber = fakeSubscriber();
    const listener = await createOutcomeWaiter(subscriber as unknown as Redis).listen('e2');
    let settled = false;
    const read = counting(() => (settled ? 6 : null));
    const waiting = listener.wait(LONG_MS, read, announcedGems);
    setTimeout(() => subscriber.emit('close'), 20);
    setTimeout(() => (settled = true), 400);
    await expect(waiting).resolves.toBe(6);
    expect(read.calls).toBeGreaterThanOrEqual(2);
    await listener.close();
  });

  it('when two requests wait for one outcome, then both get the announcement, and one closing leaves the other listening', async () => {
    const subscriber = fakeSubscriber();
    const listeners = createOutcomeWaiter(subscriber as unknown as Redis);
    const [first, second] = [await listeners.listen('c5'), await listeners.listen('c5', { readFirst: true })];
    announce(subscriber, 'c5', gemsAnnouncement(3));
    const never = async () => null;
    await expect(Promise.all([first.wait(2000, never, announcedGems), second.wait(2000, never, announcedGems)])).resolves.toEqual([3, 3]);
    await first.close();
    announce(subscriber, 'c5', gemsAnnouncement(4));
    await expect(second.wait(2000, never, announcedGems)).resolves.toBe(4);
    await second.close();
  });
});
