// Runtime configuration fetched from /config.json at start-up, so the gateway and the remote
// locations can change without rebuilding the shell.
export type RemoteName = 'mfe_public' | 'mfe_learning' | 'mfe_rewards' | 'mfe_admin';

export interface RuntimeConfig {
  gatewayUrl: string;
  /** The game on /games; unset means mfe-learning's own offline math game. */
  gameUrl?: string;
  keycloak: { url: string; realm: string; clientId: string };
  remotes: Record<RemoteName, string>;
}

export const defaultConfig: RuntimeConfig = {
  gatewayUrl: 'http://localhost:4000',
  keycloak: { url: 'http://localhost:8080', realm: 'kidslearn', clientId: 'kidslearn-portal' },
  remotes: {
    mfe_public: 'http://localhost:3001/remoteEntry.js',
    mfe_learning: 'http://localhost:3002/remoteEntry.js',
    mfe_rewards: 'http://localhost:3003/remoteEntry.js',
    mfe_admin: 'http://localhost:3004/remoteEntry.js',
  },
};

/** Merges a fetched document over the defaults; unknown or malformed fields are ignored. */
export function parseConfig(raw: unknown): RuntimeConfig {
  const doc = (raw && typeof raw === 'object' ? raw : {}) as Partial<RuntimeConfig>;
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
  const remotes = { ...defaultConfig.remotes };
  for (const name of Object.keys(remotes) as RemoteName[]) remotes[name] = str(doc.remotes?.[name], remotes[name]);
  return {
    gatewayUrl: str(doc.gatewayUrl, defaultConfig.gatewayUrl).replace(/\/+$/, ''),
    ...(typeof doc.gameUrl === 'string' && doc.gameUrl.trim() ? { gameUrl: doc.gameUrl.trim() } : {}),
    keycloak: {
      url: str(doc.keycloak?.url, defaultConfig.keycloak.url),
      realm: str(doc.keycloak?.realm, defaultConfig.keycloak.realm),
      clientId: str(doc.keycloak?.clientId, defaultConfig.keycloak.clientId),
    },
    remotes,
  };
}

export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchFn('/config.json', { cache: 'no-store' });
    return parseConfig(res.ok ? await res.json() : {});
  } catch (error) {
    console.warn('config.json could not be loaded; using defaults', error);
    return defaultConfig;
  }
}
