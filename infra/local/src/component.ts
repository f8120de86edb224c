/** What a component needs while it is installed, started and checked. */
export interface Context {
  /** Environment marker put into every process the runner starts (to tell ours from foreign ones). */
  marker: string;
}

export interface LaunchSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * One piece of local infrastructure (or, later, an app process). The runner handles pid files, logs,
 * port checks, readiness waiting and stopping; a component only says how to install, launch and check it.
 */
export interface Component {
  name: string;
  /** Ports it listens on; the first one is its main port. Empty for install-only components. */
  ports: number[];
  /** Human-facing URL(s) printed by `status` and `up`. */
  urls?: string[];
  /** Idempotent and cached; prints its own progress. */
  install(ctx: Context): Promise<void>;
  /** Prepares a start (e.g. a fresh data dir) and says how to launch; absent for install-only components. */
  launch?(ctx: Context): Promise<LaunchSpec>;
  /**
   * What a start is made from that the process reads only once (e.g. Keycloak's realm files, imported at
   * start). Recorded at launch; a running instance of this clone whose key differs is restarted by `start`.
   */
  launchKey?(): string;
  /** Resolves once it really serves; rejects with a reason otherwise. */
  ready?(): Promise<void>;
  readyTimeoutMs?: number;
  /**
   * Runs when the CLI's `start` or `up` reuses an instance this clone started earlier (not one it just started,
   * nor another clone's): brings what it holds up to what this checkout expects (e.g. a broker's classic queues
   * declared again as quorum queues). Reports problems itself; never fails the start.
   */
  afterReuse?(): Promise<void>;
  /** Extra clean-up after its process group is gone (e.g. helper daemons it spawned). */
  afterStop?(): Promise<void>;
}
