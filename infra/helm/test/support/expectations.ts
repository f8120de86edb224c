// What each value set must give: the counts (a three-node broker, a three-member replica set, at least
// two of every stateless pod in production) and, from the values files, the public origin and the areas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Expectations } from './custom-resources';
import type { ValueSet } from './render';
import { chartDir, RELEASE, VALUE_SETS } from './render';

interface Values {
  publicUrl?: string;
  remotes?: { name: string }[] | null;
}

function values(set: ValueSet): Values {
  return VALUE_SETS[set].reduce<Values>((merged, file) => ({ ...merged, ...(parse(readFileSync(path.join(chartDir, file), 'utf8')) as Values) }), {});
}

export const MIN_REPLICAS: Record<ValueSet, number> = { development: 1, production: 2 };

export function expectationsFor(set: ValueSet): Expectations {
  const v = values(set);
  const production = set === 'production';
  return {
    release: RELEASE,
    publicUrl: v.publicUrl!,
    brokerNodes: production ? 3 : 1,
    mongoMembers: production ? 3 : 1,
    keycloakInstances: production ? 2 : 1,
    databaseInstances: production ? 3 : 1,
    scaled: ['quiz', 'gems', 'gifts'],
    remotes: (v.remotes ?? []).map((remote) => remote.name),
  };
}
