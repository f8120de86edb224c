/**
 * `npm run events -- dlq list|replay <service>`: look at or replay a service's dead-lettered events.
 * `npm run events -- migrate-queues [<queue> ...]`: declare again, as quorum queues, the queues declared otherwise.
 */
import { DEFAULT_RETRY_DELAYS_MS } from './bus';
import { listDeadLetters, replayDeadLetters } from './dlq';
import { knownQueues, migrateQueues } from './migrate';

const USAGE = [
  'usage: npm run events -- dlq list|replay <service>',
  '       npm run events -- migrate-queues [<queue> ...]   (default: every known consumer\'s queues; stop the services first)',
  '(AMQP_URL, default amqp://guest:guest@127.0.0.1:5672; a comma-separated list of nodes is allowed)',
].join('\n');

async function dlq(url: string, action: string | undefined, service: string | undefined): Promise<number> {
  if (!service || (action !== 'list' && action !== 'replay')) {
    console.error(USAGE);
    return 2;
  }
  if (action === 'list') {
    const letters = await listDeadLetters(url, service);
    console.log(`${letters.length} dead-lettered event(s) for ${service}`);
    for (const l of letters) console.log(`${l.deadLetteredAt ?? '-'}  ${l.type ?? '-'}  ${l.messageId ?? '-'}  tries=${l.attempts}  ${l.error ?? ''}`);
    return 0;
  }
  const count = await replayDeadLetters(url, service);
  console.log(`replayed ${count} event(s) into ${service}'s queue`);
  return 0;
}

async function migrate(url: string, queues: string[]): Promise<number> {
  const outcomes = await migrateQueues(url, queues.length > 0 ? queues : knownQueues(DEFAULT_RETRY_DELAYS_MS));
  for (const o of outcomes) {
    if (o.result === 'migrated') console.log(`${o.queue}: declared again as lib-events declares it, ${o.count} message(s) moved back`);
    if (o.result === 'busy') console.error(`${o.queue}: ${o.count} consumer(s) use it; stop them and run this again`);
  }
  const counts = ['migrated', 'current', 'absent', 'busy'].map((r) => `${outcomes.filter((o) => o.result === r).length} ${r}`);
  console.log(`queues: ${counts.join(', ')}`);
  return outcomes.some((o) => o.result === 'busy') ? 1 : 0;
}

async function main(args: string[]): Promise<number> {
  const [group, ...rest] = args;
  const url = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  if (group === 'dlq') return dlq(url, rest[0], rest[1]);
  if (group === 'migrate-queues') return migrate(url, rest);
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
