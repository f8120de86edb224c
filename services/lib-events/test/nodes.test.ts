import { NodeList, parseAmqpUrls } from '../src/nodes';

describe('AMQP_URL with one or several nodes', () => {
  it('when AMQP_URL lists several nodes, then each becomes its own connection target with its credentials and vhost', () => {
    expect(parseAmqpUrls('amqp://quiz:p%40ss@rabbit-1:5672/kids%2Flearn?heartbeat=10, amqps://quiz:pw@rabbit-2')).toEqual([
      { protocol: 'amqp', hostname: 'rabbit-1', port: 5672, vhost: 'kids/learn', username: 'quiz', password: 'p@ss', heartbeat: 10 },
      { protocol: 'amqps', hostname: 'rabbit-2', port: 5671, vhost: '/', username: 'quiz', password: 'pw' },
    ]);
  });

  it('when a URL has no credentials, then none are set (amqplib then uses guest, as for a URL string)', () => {
    expect(parseAmqpUrls('amqp://127.0.0.1:5673/')).toEqual([{ protocol: 'amqp', hostname: '127.0.0.1', port: 5673, vhost: '/' }]);
  });

  it.each([
    ['', 'AMQP_URL names no broker'],
    ['amqp://a:5672,http://b', 'expected amqp:// or amqps://, got http://'],
    ['amqp://user:secret@[bad', 'not a URL: amqp://***@[bad'],
  ])('when AMQP_URL is %j, then it is refused with a clear message (no password in it)', (value, message) => {
    expect(() => parseAmqpUrls(value)).toThrow(message);
  });

  it('when the bus moves to the next node, then the target amqplib reconnects to answers that node, round and round', () => {
    const nodes = new NodeList('amqp://u:one@rabbit-1:5672,amqp://u:two@rabbit-2:5673/v');
    const seen = () => `${nodes.target.hostname}:${nodes.target.port}${nodes.target.vhost} ${nodes.target.password}`;

    expect(seen()).toBe('rabbit-1:5672/ one');
    nodes.next();
    expect(seen()).toBe('rabbit-2:5673v two');
    nodes.next();
    expect(seen()).toBe('rabbit-1:5672/ one');
  });
});
