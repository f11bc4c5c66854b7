/**
 * The benchmark's command line: `npm run bench -- --sizes=1000,10000 --agents=50 --duration=20
 * --burst=1000 --contacts=200`, or `--quick` (1,000 tickets, 5 s per operation after 1 s of warm-up, a 200-message
 * burst). Pure, so it is unit-tested.
 */

export interface BenchOptions {
  /** Tickets per company, one company (and one runtime) per size, in this order. */
  sizes: number[];
  /** Concurrent signed-in agents: autocannon connections, one WebSocket each. */
  agents: number;
  /** Seconds each agent operation runs, per size. */
  durationSeconds: number;
  /**
   * Seconds of the same load run just before each measured operation and not counted: V8
   * optimises a path after thousands of calls, not after the one request alone, and a warm
   * Lambda in AWS has long been through that (0: none).
   */
  warmUpSeconds: number;
  /** Inbound customer messages of the burst. */
  burst: number;
  /** Customers the burst comes from (a fifth of them new numbers). */
  burstContacts: number;
  /** Run the burst at every size rather than only at the largest (it takes minutes per size). */
  burstEverySize: boolean;
  /** Inbound customer messages at a steady pace, at every size (0: none). */
  steady: number;
  /** Messages per second of the steady phase, posted on schedule whether or not earlier ones are answered. */
  steadyRate: number;
  /** Seeded contacts' current tickets the agents open (messages are written only for these), per agent. */
  openedPerAgent: number;
  /** Where the runtimes keep their data (default: a folder under /dev/shm when it exists). */
  dataDir: string | undefined;
  /** Seed again even when .bench/seed holds this size already. */
  freshSeed: boolean;
  /** Keep no copy of the seeded data in .bench/seed. */
  noSeedCache: boolean;
  /** Seed through DynamoDB Local's API even when the `sqlite3` command could write its file (slow). */
  seedViaApi: boolean;
  /** Write a CPU profile of each measured runtime to .bench/profiles (node --cpu-prof). */
  profile: boolean;
  quick: boolean;
  /**
   * Only what the cost model needs (docs/cost.md): one reply alone and the steady customers at
   * each size, no load, burst, webhooks, campaigns, external API nor schedules; writes
   * infra/local/bench/counted-usage.json as every run does.
   */
  countsOnly: boolean;
  help: boolean;
}

export const defaultOptions: BenchOptions = {
  sizes: [1_000, 10_000, 100_000],
  agents: 50,
  durationSeconds: 20,
  warmUpSeconds: 3,
  burst: 1_000,
  burstContacts: 200,
  burstEverySize: false,
  steady: 300,
  steadyRate: 10,
  openedPerAgent: 10,
  dataDir: undefined,
  freshSeed: false,
  noSeedCache: false,
  seedViaApi: false,
  profile: false,
  quick: false,
  countsOnly: false,
  help: false,
};

/** What `--quick` means; flags given with it still win. */
export const quickPreset: Partial<BenchOptions> = { sizes: [1_000], durationSeconds: 5, warmUpSeconds: 1, burst: 200, burstContacts: 50, steady: 100 };

export const usage = `npm run bench -- [options]

  --sizes=1000,10000,100000  tickets per company (one company and runtime per size)
  --agents=50                concurrent signed-in agents (HTTP connections and WebSockets)
  --duration=20              seconds per agent operation and size
  --warm-up=3                seconds of the same load before each operation, not counted (0: none)
  --burst=1000               inbound customer messages (0: no burst)
  --contacts=200             customers the burst comes from (a fifth of them new)
  --burst-every-size         run the burst at every size, not only at the largest
  --steady=300               inbound customer messages at a steady pace, at every size (0: none)
  --steady-rate=10           messages per second of the steady phase (from the burst's customers)
  --opened=10                tickets per agent whose messages are seeded (opened and replied to)
  --data-dir=<path>          where the runtimes keep their data (default /dev/shm when present)
  --fresh-seed               seed again even if .bench/seed has this size
  --no-seed-cache            do not keep a copy of the seeded data in .bench/seed
  --seed-via-api             seed through DynamoDB Local's API (~1,000-2,000 items/s) rather
                             than straight into its file with sqlite3 (~20,000/s)
  --profile                  CPU profile of each measured runtime in .bench/profiles
                             (summary: npx tsx infra/local/bench/profile.ts <file>)
  --quick                    1,000 tickets, 5 s per operation (1 s warm-up), a 200-message burst, 100 steady
  --counts-only              only the reply probe and the steady customers (the cost model's
                             counted calls, infra/local/bench/counted-usage.json)
  --help                     this text`;

function positiveInteger(name: string, value: string, { allowZero = false } = {}): number {
  const number = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(number) || number < (allowZero ? 0 : 1)) {
    throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, not "${value}"`);
  }
  return number;
}

/** Parses argv (without node and the script); throws with a readable message on a bad flag. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const given: Partial<BenchOptions> = {};
  let quick = false;
  for (const argument of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argument);
    if (!match) throw new Error(`unknown argument "${argument}"\n\n${usage}`);
    const [, name, value] = match as unknown as [string, string, string | undefined];
    const needValue = (): string => {
      if (value === undefined || value === '') throw new Error(`--${name} needs a value (--${name}=...)`);
      return value;
    };
    switch (name) {
      case 'sizes':
        given.sizes = needValue()
          .split(',')
          .map((size) => positiveInteger(name, size.trim()));
        break;
      case 'agents':
        given.agents = positiveInteger(name, needValue());
        break;
      case 'duration':
        given.durationSeconds = positiveInteger(name, needValue());
        break;
      case 'warm-up':
        given.warmUpSeconds = positiveInteger(name, needValue(), { allowZero: true });
        break;
      case 'burst':
        given.burst = positiveInteger(name, needValue(), { allowZero: true });
        break;
      case 'contacts':
        given.burstContacts = positiveInteger(name, needValue());
        break;
      case 'burst-every-size':
        given.burstEverySize = true;
        break;
      case 'steady':
        given.steady = positiveInteger(name, needValue(), { allowZero: true });
        break;
      case 'steady-rate':
        given.steadyRate = positiveInteger(name, needValue());
        break;
      case 'opened':
        given.openedPerAgent = positiveInteger(name, needValue());
        break;
      case 'data-dir':
        given.dataDir = needValue();
        break;
      case 'fresh-seed':
        given.freshSeed = true;
        break;
      case 'no-seed-cache':
        given.noSeedCache = true;
        break;
      case 'seed-via-api':
        given.seedViaApi = true;
        break;
      case 'profile':
        given.profile = true;
        break;
      case 'quick':
        quick = true;
        break;
      case 'counts-only':
        given.countsOnly = true;
        break;
      case 'help':
        given.help = true;
        break;
      default:
        throw new Error(`unknown option --${name}\n\n${usage}`);
    }
  }
  const options: BenchOptions = { ...defaultOptions, ...(quick ? quickPreset : {}), ...given, quick };
  if (options.burst > 0 && options.burstContacts > options.burst) {
    throw new Error(`--contacts (${options.burstContacts}) cannot exceed --burst (${options.burst})`);
  }
  return options;
}
