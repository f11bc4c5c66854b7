/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy -c stage=prod` from the repository root.
 * Synthesizes offline: without AWS credentials the account and region fall back to the ones
 * cdk.json holds context for.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFunctions, distDir } from '../../functions/build.ts';
import { AtendeStack, type FirstSuperUser } from '../lib/atende-stack.ts';
import { bundlesMissingNativeBinaries } from '../lib/native-dependencies.ts';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const offlineAccount = '000000000000';
const offlineRegion = 'us-east-1';

// Lambda code assets are the esbuild bundles; build those a fresh checkout lacks.
await buildFunctions({ ifMissing: true, quiet: true });
// Bundles leave native addons out; `npm run build:aws` puts their Linux ARM64 build beside them.
// Without it the Lambdas that hash passwords fail in AWS, so say so (synth itself still works).
const missingNative = bundlesMissingNativeBinaries(distDir);
if (missingNative.length > 0) {
  console.warn(
    `WARNING: Lambda bundles without their native Linux ARM64 addon (${missingNative.join(', ')}): run \`npm run build:aws\` before \`cdk deploy\`, or those functions fail in AWS.`,
  );
}

const app = new App();
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

const stageName = contextString('stage') ?? 'dev';
const webAssetsDir = join(repositoryRoot, 'web', 'dist');
const domainName = contextString('domainName');
const certificateArn = contextString('certificateArn');
if ((domainName === undefined) !== (certificateArn === undefined)) {
  throw new Error('Context domainName and certificateArn go together');
}

new AtendeStack(app, `atende-${stageName}`, {
  stageName,
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT ?? offlineAccount,
    region: process.env.CDK_DEFAULT_REGION ?? offlineRegion,
  },
  // The SPA is deployed only once it has been built (npm run build), so synth works without it.
  webAssetsDir: existsSync(join(webAssetsDir, 'index.html')) ? webAssetsDir : undefined,
  customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
  alarmEmail: contextString('alarmEmail'),
  firstSuperUser: firstSuperUser(),
  mailFrom: contextString('mailFrom'),
  connector: contextFlag('connector', true),
  sandbox: contextFlag('sandbox', false),
  // A new value on every synthesis, so every deploy runs the deploy-time tasks (bootstrap).
  tasksRunId: new Date().toISOString(),
  description: `atende, multi-company WhatsApp customer service (${stageName})`,
});

function contextString(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A true/false context value: `-c key=false` arrives as a string, cdk.json may hold a boolean. */
function contextFlag(key: string, fallback: boolean): boolean {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context ${key} must be true or false, not ${JSON.stringify(value)}`);
}

/**
 * From context adminEmail, or the ADMIN_EMAIL environment of the deploy. The password is never
 * given: CloudFormation generates it into Secrets Manager (output FirstSuperUserSecretArn), so it
 * is in no template or function configuration.
 */
function firstSuperUser(): FirstSuperUser | undefined {
  if (contextString('adminPassword') !== undefined) {
    throw new Error('adminPassword is no longer taken: the first password is generated into Secrets Manager (docs/deploy.md)');
  }
  const email = contextString('adminEmail') ?? (process.env.ADMIN_EMAIL || undefined);
  return email ? { email } : undefined;
}
