import pino from 'pino';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = pino({ name: 'gateway', level: config.LOG_LEVEL });
  const gateway = buildGateway(config, logger);
  await gateway.start();
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    void gateway.stop().then(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
