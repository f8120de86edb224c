// Endpoints of several teams live in one API slice. RTK Query silently keeps the first of two endpoints
// with the same name in production, so each area's names are checked against the others' here.
import type { EndpointBuilder, EndpointDefinitions } from '@reduxjs/toolkit/query/react';
import type { GatewayApi, TagType } from './gateway-api';
import type { GatewayBaseQuery } from './base-query';

export type AreaEndpointBuilder = EndpointBuilder<GatewayBaseQuery, TagType, 'gateway'>;

const ownersBySlice = new WeakMap<object, Map<string, string>>();

/** A builder that only records which names a definitions function declares (it has no side effects). */
const namesOnly = new Proxy({}, { get: () => () => ({}) }) as AreaEndpointBuilder;

/**
 * Injects an area's endpoints (e.g. area 'learning') into the shared slice. A name that another area or
 * the platform already owns throws instead of being skipped; the same area injecting again (a remote
 * mounted a second time) is fine.
 */
export function injectAreaEndpoints<Definitions extends EndpointDefinitions>(
  api: GatewayApi,
  area: string,
  endpoints: (build: AreaEndpointBuilder) => Definitions,
) {
  let owners = ownersBySlice.get(api);
  if (!owners) ownersBySlice.set(api, (owners = new Map()));
  const names = Object.keys(endpoints(namesOnly));
  for (const name of names) {
    const owner = owners.get(name);
    if (owner !== undefined && owner !== area) throw new Error(`Endpoint "${name}" of area "${area}" is already defined by area "${owner}"`);
    if (owner === undefined && name in api.endpoints) throw new Error(`Endpoint "${name}" of area "${area}" is already defined by the platform`);
  }
  // The same area injecting again (a remote mounted a second time) replaces its own definitions.
  const again = names.some((name) => owners.get(name) === area);
  for (const name of names) owners.set(name, area);
  return api.injectEndpoints({ endpoints, overrideExisting: again });
}
