import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { buildService } from './app';
import { loadContentConfig } from './config';

async function main(): Promise<void> {
  const config = loadContentConfig();
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = createShutdown(logger);
  const service = await buildService(config, logger);
  shutdown.add('content service', () => service.stop());
  const url = await service.start();
  logger.info({ url }, 'content service listening');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
