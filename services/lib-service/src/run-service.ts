import { createLogger, createShutdown, type CommonConfig, type Logger } from '@kidslearn/lib-core';
import type { Service } from './service';

export interface RunServiceOptions<C extends CommonConfig> {
  /** Reads and validates the environment (lib-core loadConfig); a bad variable stops the start with one message. */
  readConfig(): C;
  /** The service's buildService (its app.ts): unstarted. */
  build(config: C, logger: Logger): Promise<Service>;
}

/**
 * A service's whole start.ts: config, logger, the service, SIGTERM/SIGINT → graceful stop (drain the server,
 * stop jobs and outboxes, close the connections), then exit. A start that fails exits 1.
 */
export function runService<C extends CommonConfig>({ readConfig, build }: RunServiceOptions<C>): void {
  const main = async () => {
    const config = readConfig();
    const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
    const shutdown = createShutdown(logger);
    const service = await build(config, logger);
    shutdown.add(`${config.SERVICE_NAME} service`, () => service.stop());
    const url = await service.start();
    logger.info({ url, service: config.SERVICE_NAME }, 'service listening');
  };
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
