import { createShutdown } from '@kidslearn/lib-core';
import { buildGateway, gatewayLogger } from './app';
import { loadGatewayConfig } from './config';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = gatewayLogger(config);
  const gateway = buildGateway(config, logger);
  // SIGTERM/SIGINT: drain (bounded by DRAIN_MS), close the upstream sockets, exit. The hook's own limit
  // sits above DRAIN_MS so the drain, not the hook timeout, decides when connections are cut.
  const shutdown = createShutdown(logger, { timeoutMs: config.DRAIN_MS + 5_000 });
  shutdown.add('gateway', () => gateway.stop());
  await gateway.start();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
