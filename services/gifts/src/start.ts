import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { holdWriterLease } from '@kidslearn/lib-mongo';
import { listen } from '@kidslearn/lib-http';
import { buildService } from './app';
import { readConfig } from './config';

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = createShutdown(logger);
  // One writer per database: FerretDB writes are only atomic within one process. A second instance
  // exits here (non-zero); the lease is released last, after the service's final write.
  const lease = await holdWriterLease(config.MONGO_URL, { logger });
  shutdown.add('writer lease', () => lease.release());
  const service = buildService(config, logger);
  await service.start();
  shutdown.add('gifts service', () => service.stop());
  await listen(service.app, config.PORT, shutdown, config.HOST);
  logger.info({ port: config.PORT }, 'gifts listening');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
