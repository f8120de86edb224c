import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { readConfig } from './config';
import { buildService } from './app';

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = createShutdown(logger);
  const service = await buildService(config, logger);
  shutdown.add('quiz service', () => service.stop());
  const url = await service.start();
  logger.info({ url }, 'quiz service listening');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
