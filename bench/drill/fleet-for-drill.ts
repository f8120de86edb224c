// bench/fleet.ts pointed at the drill's private servers, on free ports, each process's log kept under
// .local/drill/<drill>.log (the drill report names it). The services keep their production settings (retry
// delays, reconciler after 5 min): a drill's settle time is what production would see.
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
  /** instances of each service but the gateway (default 1) */
  instances?: number;
}

export const drillLogFile = (drill: string): string => path.join(localDir, 'drill', `${drill}.log`);

export async function startDrillFleet(servers: DrillServers, { drill, services, serviceEnv = () => ({}), instances = 1 }: DrillFleetOptions): Promise<Fleet> {
  const ports: Partial<Record<FleetService, number[]>> = {};
  for (const service of services) {
    ports[service] = [];
    for (let i = 0; i < (service === 'gateway' ? 1 : instances); i += 1) ports[service].push(await freePort());
  }
  const log = drillLogFile(drill);
  mkdirSync(path.dirname(log), { recursive: true });
  writeFileSync(log, `=== ${new Date().toISOString()} drill ${drill}\n`);
  return startFleet({
    services,
    amqpUrl: servers.broker.url,
    redisUrl: servers.redis.url,
    mongoBase: (service) => (service === 'gems' ? servers.gemsDb.url : servers.db.url),
    ports,
    instances,
    serviceEnv,
    onLine: (service, line) => appendFileSync(log, `${service} ${line}\n`),
  });
}
