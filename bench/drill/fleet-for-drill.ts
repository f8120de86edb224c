// bench/fleet.ts pointed at the drill's private servers, on free ports, each process's log kept under
// .local/drill/<drill>.log (the drill report names it).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../infra/local/src/ports';
import { localDir } from '../../infra/local/src/paths';
import { startFleet, type Fleet, type FleetService } from '../fleet';
import type { DrillServers } from './servers';

export interface DrillFleetOptions {
  drill: string;
  services: FleetService[];
  serviceEnv?: (service: FleetService) => Record<string, string>;
}

/** Reconciler passes every 10 s for items unsettled after 60 s: a drill sees a re-drive within its run. */
const DRILL_ENV: Partial<Record<FleetService, Record<string, string>>> = {
  quiz: { RECONCILE_INTERVAL_MS: '10000', RECONCILE_AFTER_MS: '60000' },
  gifts: { RECONCILE_INTERVAL_MS: '10000', RECONCILE_AFTER_MS: '60000' },
};

export const drillLogFile = (drill: string): string => path.join(localDir, 'drill', `${drill}.log`);

export async function startDrillFleet(servers: DrillServers, { drill, services, serviceEnv = () => ({}) }: DrillFleetOptions): Promise<Fleet> {
  const ports: Partial<Record<FleetService, number>> = {};
  for (const service of services) ports[service] = await freePort();
  const log = drillLogFile(drill);
  mkdirSync(path.dirname(log), { recursive: true });
  writeFileSync(log, `=== ${new Date().toISOString()} drill ${drill}\n`);
  return startFleet({
    services,
    amqpUrl: servers.broker.url,
    redisUrl: servers.redis.url,
    mongoBase: (service) => (service === 'gems' ? servers.gemsDb.url : servers.db.url),
    ports,
    serviceEnv: (service) => ({ ...DRILL_ENV[service], ...serviceEnv(service) }),
    onLine: (service, line) => appendFileSync(log, `${service} ${line}\n`),
  });
}
