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
import { buildFunctions } from '../../functions/build.ts';
import { AtendeStack, type FirstSuperUser } from '../lib/atende-stack.ts';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const offlineAccount = '000000000000';
const offlineRegion = 'us-east-1';

// Lambda code assets are the esbuild bundles; build those a fresh checkout lacks.
await buildFunctions({ ifMissing: true, quiet: true });

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
  description: `atende, multi-company WhatsApp customer service (${stageName})`,
});

function contextString(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** From context adminEmail/adminPassword, or the ADMIN_EMAIL/ADMIN_PASSWORD environment of the deploy. */
function firstSuperUser(): FirstSuperUser | undefined {
  const email = contextString('adminEmail') ?? process.env.ADMIN_EMAIL;
  const password = contextString('adminPassword') ?? process.env.ADMIN_PASSWORD;
  if (!email && !password) return undefined;
  if (!email || !password) throw new Error('The first super user needs both an e-mail and a password');
  return { email, password };
}
