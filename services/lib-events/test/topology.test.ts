import type { Channel, Options } from 'amqplib';
import { DELIVERY_LIMIT, DLQ_DELIVERY_LIMIT, EXCHANGE, declarationFor, declareConsumerQueues, declareKnownQueues, topologyFor } from '../src/topology';

interface Call {
  method: string;
  args: unknown[];
}

/** A channel that records what lib-events declares (no broker). */
function recordingChannel(calls: Call[], refuse: (queue: string) => boolean = () => false): Channel {
  const record = (method: string) => async (...args: unknown[]) => {
    if (method === 'assertQueue' && refuse(args[0] as string)) throw new Error(`ACCESS_REFUSED - ${args[0] as string}`);
    calls.push({ method, args });
    return {};
  };
  return { assertExchange: record('assertExchange'), assertQueue: record('assertQueue'), bindQueue: record('bindQueue'), close: record('close') } as unknown as Channel;
}

const queuesOf = (calls: Call[]) => new Map(calls.filter((c) => c.method === 'assertQueue').map((c) => [c.args[0] as string, c.args[1] as Options.AssertQueue]));
const bindingsOf = (calls: Call[]) => calls.filter((c) => c.method === 'bindQueue').map((c) => c.args.join(' '));

describe('topology', () => {
  const t = topologyFor('gems');

  it('when a consumer declares its queues, then each is a durable quorum queue and only the main queue has a delivery limit below the DLQ', async () => {
    const calls: Call[] = [];
    await declareConsumerQueues(recordingChannel(calls), t, [1000, 5000], ['quiz.attempt.scored']);
    const queues = queuesOf(calls);

    expect([...queues.keys()]).toEqual(['gems.events', 'gems.events.dlq', 'gems.events.retry.1000ms', 'gems.events.retry.5000ms']);
    for (const options of queues.values()) expect(options).toMatchObject({ durable: true, arguments: { 'x-queue-type': 'quorum' } });
    expect(queues.get('gems.events')!.arguments).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': DELIVERY_LIMIT,
      'x-dead-letter-exchange': 'gems.retry',
      'x-dead-letter-routing-key': 'gems.events.dlq',
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
    expect(queues.get('gems.events.dlq')!.arguments).toEqual({ 'x-queue-type': 'quorum', 'x-delivery-limit': DLQ_DELIVERY_LIMIT });
    expect(queues.get('gems.events.retry.5000ms')!.arguments).toEqual({
      'x-queue-type': 'quorum',
      'x-message-ttl': 5000,
      'x-dead-letter-exchange': 'gems.retry',
      'x-dead-letter-routing-key': 'gems.events',
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
  });

  it("when a consumer declares its queues, then retries and dead letters route through the service's own exchange, never the default one", async () => {
    const calls: Call[] = [];
    await declareConsumerQueues(recordingChannel(calls), t, [1000], ['quiz.attempt.scored', 'redemption.requested']);

    expect(calls.filter((c) => c.method === 'assertExchange').map((c) => `${c.args[0] as string} ${c.args[1] as string}`)).toEqual([`${EXCHANGE} topic`, 'gems.retry direct']);
    expect(bindingsOf(calls)).toEqual([
      'gems.events gems.retry gems.events',
      'gems.events.dlq gems.retry gems.events.dlq',
      'gems.events.retry.1000ms gems.retry gems.events.retry.1000ms',
      `gems.events ${EXCHANGE} quiz.attempt.scored`,
      `gems.events ${EXCHANGE} redemption.requested`,
    ]);
    const deadLetterExchanges = [...queuesOf(calls).values()].map((o) => o.arguments['x-dead-letter-exchange']).filter((x) => x !== undefined);
    expect(deadLetterExchanges).toEqual(['gems.retry', 'gems.retry']);
  });

  it("when a bus declares the known consumers' main queues, then each is declared exactly as its owner declares it, and a refusal skips only that queue", async () => {
    const calls: Call[] = [];
    const refused: string[] = [];
    let opened = 0;
    const open = async () => {
      opened += 1;
      return recordingChannel(calls, (queue) => queue === 'quiz.events');
    };
    await declareKnownQueues(open, { quiz: ['lesson.created'], gems: ['quiz.attempt.scored'] }, (queue) => refused.push(queue));
    const own: Call[] = [];
    await declareConsumerQueues(recordingChannel(own), t, [1000], []);

    expect(refused).toEqual(['quiz.events']);
    expect(opened).toBe(2);
    expect(queuesOf(calls).get('gems.events')).toEqual(queuesOf(own).get('gems.events'));
    expect(bindingsOf(calls)).toEqual([`gems.events ${EXCHANGE} quiz.attempt.scored`]);
  });

  it.each([
    ['quiz.events', 'quiz', 'x-delivery-limit', DELIVERY_LIMIT],
    ['quiz.events.dlq', 'quiz', 'x-delivery-limit', DLQ_DELIVERY_LIMIT],
    ['gems-test-1a2b.events.retry.300000ms', 'gems-test-1a2b', 'x-message-ttl', 300000],
  ])('when %s is named, then its declaration is the one lib-events makes', (queue, service, argument, value) => {
    const declaration = declarationFor(queue);

    expect(declaration?.service).toBe(service);
    expect(declaration?.options.arguments[argument]).toBe(value);
  });

  it.each(['quiz.events.migrating', 'amq.gen-xyz', 'gems.events.dlq.copy', 'quiz.events.retry.fast'])('when %s is named, then it is not a lib-events queue', (queue) => {
    expect(declarationFor(queue)).toBeUndefined();
  });
});
