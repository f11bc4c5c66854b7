import type { ApiUsagePort } from '#ports/api-usage';
import type { Home } from '#ports/home';
import type { MailPort } from '#ports/mail';
import type { QueuePort } from '#ports/queue';
import type { SchedulerPort } from '#ports/scheduler';
import type { SecretBox } from '#ports/secret-box';
import { awsHome } from './aws.ts';
import { localBindings, localHome } from './local.ts';

/**
 * The one place that picks a home: the local runtime installs its adapters before any bundle is
 * imported, so a process with them is local; any other is in AWS. The code asks for a port's
 * adapter here and never names an adapter (docs/architecture.md).
 */
export function currentHome(): Home {
  return localBindings() ? localHome : awsHome;
}

/** The queue adapter of this home: the local runtime's, else SQS. */
export const queuePort = (): Promise<QueuePort> => currentHome().queue();

/** The timer adapter of this home: the local runtime's, else EventBridge Scheduler. */
export const schedulerPort = (): Promise<SchedulerPort> => currentHome().scheduler();

/** SES in AWS; the local runtime's outbox (files under .data/outbox) on a laptop. */
export const mailPort = (): Promise<MailPort> => currentHome().mail();

/** The external message API's usage plans: API Gateway's, else the local gateway's limiter. */
export const apiUsage = (): Promise<ApiUsagePort> => currentHome().apiUsage();

/**
 * The secret box follows its key: KMS where the stack configured one (SECRETS_KMS_KEY_ID), else
 * the local key file (the local runtime, and tests that seal without a runtime).
 */
export const secretBox = (): Promise<SecretBox> =>
  (process.env.SECRETS_KMS_KEY_ID ? awsHome : localHome).secretBox();
