/**
 * The tiny Java launcher that binds DynamoDB Local to loopback (java/LoopbackDynamoDBLocal.java),
 * compiled once with `javac` into node_modules/.cache and reused while its source is unchanged.
 * A machine with a Java runtime but no compiler gets undefined, and DynamoDB Local is not started
 * (dynamo.ts): its jar alone would listen on every interface.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './paths.ts';

export const launcherClass = 'LoopbackDynamoDBLocal';
const sourceFile = fileURLToPath(new URL(`./java/${launcherClass}.java`, import.meta.url));

/** The address every local service listens on: nothing of the local runtime is reachable from the network. */
export const loopbackHost = '127.0.0.1';

let compiling: Promise<string | undefined> | undefined;

/** The class-path directory holding the compiled launcher, or undefined when javac is missing or fails. */
export function loopbackLauncherDir(): Promise<string | undefined> {
  compiling ??= compile();
  return compiling;
}

async function compile(): Promise<string | undefined> {
  const source = readFileSync(sourceFile);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const cacheRoot = join(repoRoot, 'node_modules', '.cache', 'atende-dynamodb-launcher');
  const target = join(cacheRoot, hash);
  if (existsSync(join(target, `${launcherClass}.class`))) return target;
  await mkdir(cacheRoot, { recursive: true });
  // Compiled beside, then renamed: test workers starting together never see a half-written class.
  const scratch = await mkdtemp(join(cacheRoot, 'build-'));
  try {
    const compiled = await new Promise<boolean>((resolveCompiled) => {
      const child = spawn('javac', ['-d', scratch, sourceFile], { stdio: 'ignore' });
      child.once('error', () => resolveCompiled(false));
      child.once('close', (code) => resolveCompiled(code === 0));
    });
    if (!compiled) return undefined;
    await rename(scratch, target).catch(() => undefined);
    return existsSync(join(target, `${launcherClass}.class`)) ? target : undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
