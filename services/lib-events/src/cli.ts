/** `npm run events -- dlq list|replay <service>`: look at or replay a service's dead-lettered events. */
import { listDeadLetters, replayDeadLetters } from './dlq';

const USAGE = 'usage: npm run events -- dlq list|replay <service>   (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672)';

async function main(args: string[]): Promise<number> {
  const [group, action, service] = args;
  const url = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  if (group !== 'dlq' || !service || (action !== 'list' && action !== 'replay')) {
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
