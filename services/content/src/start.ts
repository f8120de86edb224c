import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { holdWriterLease } from '@kidslearn/lib-mongo';
import { buildService } from './app';
import { loadContentConfig } from './config';

async function main(): Promise<void> {
  const config = loadContentConfig();
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = createShutdown(logger);
  // One writer per database: FerretDB writes are only atomic within one process. A second instance
  // exits here (non-zero); the lease is released last, after the service's final write.
  const lease = await holdWriterLease(config.MONGO_URL, { logger });
  shutdown.add('writer lease', () => lease.release());
  const service = await buildService(config, logger);
  shutdown.add('content service', () => service.stop());
  const url = await service.start();
  logger.info({ url }, 'content service listening');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
