// The runtime manifest (the shell's config.json) of a local run: the portal's areas (infra/areas.json) with
// each remote on its local port, the gateway and Keycloak on theirs. The static server writes it beside the
// shell's build when it starts (static-server.ts, --portal); the shell's build itself carries no manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';
import type { PortalManifest } from './security-headers';

/** Local ports of the remotes (docs/CONTRACTS.md), by Module Federation name. */
export const LOCAL_REMOTE_PORTS: Record<string, number> = { mfe_public: 3001, mfe_learning: 3002, mfe_rewards: 3003, mfe_admin: 3004, mfe_family: 3005 };

export const AREAS_FILE = path.join(repoRoot, 'infra/areas.json');

type AreaDefinition = Omit<PortalManifest['areas'][number], 'entry'>;

export function portalAreas(file = AREAS_FILE): AreaDefinition[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { areas: AreaDefinition[] }).areas;
}

export function localManifest(areas: AreaDefinition[] = portalAreas()): PortalManifest {
  return {
    gatewayUrl: 'http://localhost:4000',
    keycloak: { url: 'http://localhost:8080', realm: 'kidslearn', clientId: 'kidslearn-portal' },
    gameUrl: '',
    areas: areas.map((area) => {
      const port = LOCAL_REMOTE_PORTS[area.name];
      if (!port) throw new Error(`infra/areas.json: ${area.name} has no local port (LOCAL_REMOTE_PORTS in ${__filename})`);
      return { ...area, entry: `http://localhost:${port}/remoteEntry.js` };
    }),
  };
}
