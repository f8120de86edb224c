// The private servers every drill runs against: the drills stop and start these, never the shared ones the
// portal and the test suite use (RabbitMQ 5672, Redis 6379, FerretDB 27017).
import { startPrivateBroker, startPrivateBrokerCluster, startPrivateFerretDb, startPrivateRedis, type PrivateBroker, type PrivateServer } from '@kidslearn/infra-local';

export interface DrillServers {
  broker: PrivateBroker;
  redis: PrivateServer;
  /** quiz, gifts and content databases */
  db: PrivateServer;
  /** gems' database alone, so "the gems database unavailable" leaves the others serving */
  gemsDb: PrivateServer;
  dispose(): Promise<void>;
}

/**
 * `brokerCluster`: the broker is a private three-node cluster (quorum queues replicated on all three; AMQP_URL
 * lists the nodes), so every drill can run as it would past one machine. Stopping "the broker" then stops the
 * application on every node.
 */
export async function startDrillServers({ brokerCluster = false }: { brokerCluster?: boolean } = {}): Promise<DrillServers> {
  if (process.env.KIDSLEARN_INFRA === 'containers') return (await import('./container-servers')).startContainerDrillServers();
  const started: Array<{ dispose(): Promise<void> }> = [];
  const dispose = async () => {
    for (const server of started.reverse()) await server.dispose().catch((error: unknown) => console.error('[drill] dispose failed', error));
  };
  try {
    const broker: PrivateBroker = brokerCluster ? await startPrivateBrokerCluster() : await startPrivateBroker();
    started.push(broker);
    const redis = await startPrivateRedis();
    started.push(redis);
    const db = await startPrivateFerretDb();
    started.push(db);
    const gemsDb = await startPrivateFerretDb();
    started.push(gemsDb);
    return { broker, redis, db, gemsDb, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
