/**
 * The environment the functions read, set in process.env before any bundle is imported: the
 * same variables the CDK stack gives the Lambdas, pointing at the local stand-ins.
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { queueEnvName } from '../../../functions/src/manifest.ts';
import type { QueueDefinition } from './runtime-manifest.ts';
import { powertoolsEnvironment } from '../../lib/lambda-defaults.ts';

export const tableName = 'atende';
/**
 * The table the local SQS and Scheduler stand-ins kept their state in before their journal
 * (stand-in-table.ts imports what an older data directory left there); no such table in AWS.
 */
export const standInTableName = 'atende-local-stand-ins';
export const mediaBucket = 'atende-media';
export const region = 'us-east-1';
export const stage = 'local';

/** A 64-byte secret made on the first start and kept in <dataDir>/jwt-secret, so sessions survive restarts. */
export async function jwtSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  try {
    const saved = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{128}$/.test(saved)) return saved;
  } catch {
    // First start.
  }
  const secret = randomBytes(64).toString('hex');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

/** The key pair every local service accepts; one the developer already exported is kept. */
export function localCredentials(): { accessKeyId: string; secretAccessKey: string } {
  return {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID || 'local',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || 'local',
  };
}

export function runtimeEnvironment(options: {
  dataDir: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  gatewayPort: number;
  jwtSecret: string;
  queues: QueueDefinition[];
  /** The REST functions' per-company budget (0 = off); the gateway's per-company budget, per minute. */
  companyRequestsPerMinute: number;
}): Record<string, string> {
  const credentials = localCredentials();
  const environment: Record<string, string> = {
    TABLE_NAME: tableName,
    MEDIA_BUCKET: mediaBucket,
    DYNAMODB_ENDPOINT: options.dynamoEndpoint,
    S3_ENDPOINT: options.s3Endpoint,
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${options.gatewayPort}`,
    JWT_SECRET: options.jwtSecret,
    APP_STAGE: stage,
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    // Any DynamoDB or S3 client a function builds, even without an explicit endpoint, stays local.
    AWS_ENDPOINT_URL_DYNAMODB: options.dynamoEndpoint,
    AWS_ENDPOINT_URL_S3: options.s3Endpoint,
    SANDBOX_ENABLED: 'true',
    // Outbound calls to company URLs may reach the fake receivers on 127.0.0.1 over http locally
    // (functions/src/http-out/safe-fetch.ts); never set in AWS (infra/test/outbound-policy.test.ts).
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    DATA_DIR: options.dataDir,
    COMPANY_REQUESTS_PER_MINUTE: String(options.companyRequestsPerMinute),
    // Powertools as in AWS (infra/lib/lambda-function.ts), but no X-Ray daemon to trace to.
    ...powertoolsEnvironment(stage),
    POWERTOOLS_TRACE_ENABLED: 'false',
  };
  for (const queue of options.queues) environment[queueEnvName(queue.name)] = queue.name;
  return environment;
}

/** Sets the variables and returns a function that puts back what was there before. */
export function applyEnvironment(environment: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(environment)) {
    previous.set(name, process.env[name]);
    process.env[name] = value;
  }
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
