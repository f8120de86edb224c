// The parts of the system a learner-load drill meters (cpu-meter.ts): the fleet's services (every instance), the
// drill's private servers, the shared Keycloak and the drill's own process (the load generator).
import { KEYCLOAK_URL } from '../../infra/local/src/components/keycloak';
import type { Fleet, FleetService } from '../fleet';
import { groupListeningOn, startCpuMeter, type CpuMeter, type PartSelector } from './cpu-meter';
import type { DrillServers } from './servers';

const SERVICES: FleetService[] = ['gateway', 'content', 'quiz', 'gems', 'gifts'];

/** Ports of an AMQP URL or of a cluster's comma-separated list. */
const brokerPorts = (url: string): number[] => url.split(',').map((one) => Number(new URL(one.trim()).port || 5672));

export function startLoadCpuMeter(servers: DrillServers, fleet: Fleet): CpuMeter {
  const fixed = (groups: number[]): PartSelector => () => ({ groups });
  const parts: Record<string, PartSelector> = {
    ...Object.fromEntries(SERVICES.map((service) => [service, () => ({ pids: fleet.pids(service) })])),
    'FerretDB (content, quiz, gifts)': fixed(groupListeningOn(servers.db.port)),
    'FerretDB (gems)': fixed(groupListeningOn(servers.gemsDb.port)),
    RabbitMQ: fixed(brokerPorts(servers.broker.url).flatMap(groupListeningOn)),
    Redis: fixed(groupListeningOn(servers.redis.port)),
    Keycloak: fixed(groupListeningOn(Number(new URL(process.env.KEYCLOAK_URL ?? KEYCLOAK_URL).port))),
    'load generator (the drill)': () => ({ pids: [process.pid] }),
  };
  return startCpuMeter(parts);
}
