import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { listen } from '@kidslearn/lib-http';
import { buildService } from './app';
import { readConfig } from './config';

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = createShutdown(logger);
  const service = buildService(config, logger);
  await service.start();
  shutdown.add('gifts service', () => service.stop());
  await listen(service.app, config.PORT, shutdown);
  logger.info({ port: config.PORT }, 'gifts listening');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
