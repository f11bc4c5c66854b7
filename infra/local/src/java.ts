import { spawn } from 'node:child_process';

export const javaMissingMessage =
  'A Java 17+ JDK is required for DynamoDB Local: sudo apt-get install -y openjdk-17-jdk-headless (or install a JDK from your OS vendor)';

/**
 * The major version of the `java` on PATH, or undefined when there is none. `java -version`
 * prints e.g. `openjdk version "17.0.15"` (or `"1.8.0_392"` for Java 8) on stderr.
 */
export function javaMajorVersion(): Promise<number | undefined> {
  return new Promise((resolveVersion) => {
    let output = '';
    const child = spawn('java', ['-version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', () => resolveVersion(undefined));
    child.once('close', (code) => {
      if (code !== 0) return resolveVersion(undefined);
      const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
      if (!match) return resolveVersion(undefined);
      const major = Number(match[1]);
      resolveVersion(major === 1 ? Number(match[2]) : major);
    });
  });
}

export async function javaIsUsable(): Promise<boolean> {
  const major = await javaMajorVersion();
  return major !== undefined && major >= 17;
}
