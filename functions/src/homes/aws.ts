import type { Home } from '#ports/home';
import type { SecretBox } from '#ports/secret-box';
import { requireEnv } from '#aws/env';

let box: Promise<SecretBox> | undefined;

/**
 * The AWS home's composition root: SQS, EventBridge Scheduler, SES, API Gateway's usage plans
 * and KMS (the stack sets SECRETS_KMS_KEY_ID where secrets are sealed or opened). Each adapter
 * module is imported on first use, so a function that never sends mail never loads SES.
 */
export const awsHome: Home = {
  queue: async () => (await import('#aws/sqs-queue')).sqsQueue,
  scheduler: async () => (await import('#aws/scheduler-timers')).schedulerTimers,
  mail: async () => (await import('#aws/ses-mail')).sesMail,
  apiUsage: async () => (await import('#aws/api-gateway-usage')).apiGatewayUsage(),
  secretBox: () =>
    (box ??= import('#aws/kms-secret-box').then((module) => module.kmsSecretBox(requireEnv('SECRETS_KMS_KEY_ID')))),
};
