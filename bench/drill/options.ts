// `npm run drill -- --only=redis --redis-down=10 …`: which drills run and how long their phases last
// (the defaults are the issues': Redis 30 s, the gems database 2 min, 200 learners for 60 s, 2 instances per service).
export interface DrillOptions {
  only?: string[];
  submissions: number;
  redemptions: number;
  /** seconds the mixed load of the broker/gems drill is spread over */
  loadSeconds: number;
  brokerDownSeconds: number;
  redisDownSeconds: number;
  dbDownSeconds: number;
  learners: number;
  learnersSeconds: number;
  /** how long each of the two broker nodes stays down (broker-node drill) */
  brokerNodeDownSeconds: number;
  settleTimeoutSeconds: number;
  /** instances of each service in the replicas drill (1 = its baseline) */
  instances: number;
  /** `--broker-cluster`: every drill's broker is a private three-node cluster */
  brokerCluster: boolean;
}

const DEFAULTS: DrillOptions = {
  submissions: 1000,
  redemptions: 200,
  loadSeconds: 70,
  brokerDownSeconds: 10,
  redisDownSeconds: 30,
  dbDownSeconds: 120,
  learners: 200,
  learnersSeconds: 60,
  brokerNodeDownSeconds: 15,
  settleTimeoutSeconds: 480,
  instances: 2,
  brokerCluster: false,
};

const FLAGS: Record<string, keyof DrillOptions> = {
  submissions: 'submissions',
  redemptions: 'redemptions',
  'load-seconds': 'loadSeconds',
  'broker-down': 'brokerDownSeconds',
  'redis-down': 'redisDownSeconds',
  'db-down': 'dbDownSeconds',
  learners: 'learners',
  'learners-seconds': 'learnersSeconds',
  'node-down': 'brokerNodeDownSeconds',
  'settle-timeout': 'settleTimeoutSeconds',
  instances: 'instances',
};

export function parseOptions(argv: string[]): DrillOptions {
  const options: DrillOptions = { ...DEFAULTS };
  for (const arg of argv) {
    if (arg === '--broker-cluster') {
      options.brokerCluster = true;
      continue;
    }
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg} (flags: --only=<drill,…> --broker-cluster ${Object.keys(FLAGS).map((f) => `--${f}=<n>`).join(' ')})`);
    const [, flag, value] = match as unknown as [string, string, string];
    if (flag === 'only') {
      options.only = value.split(',').map((v) => v.trim()).filter(Boolean);
      continue;
    }
    const key = FLAGS[flag];
    const n = Number(value);
    if (!key || !Number.isFinite(n) || n <= 0) throw new Error(`bad flag --${flag}=${value}`);
    (options as unknown as Record<string, number>)[key] = n;
  }
  return options;
}

/** The command that reproduces this run, for the report. */
export const commandLine = (argv: string[]): string => ['npm run drill', ...(argv.length ? ['--', ...argv] : [])].join(' ');
