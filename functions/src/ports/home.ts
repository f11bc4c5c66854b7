import type { ApiUsagePort } from './api-usage.ts';
import type { MailPort } from './mail.ts';
import type { QueuePort } from './queue.ts';
import type { SchedulerPort } from './scheduler.ts';
import type { SecretBox } from './secret-box.ts';

/**
 * The adapters of one home, each port's own: a composition root builds one (homes/aws.ts,
 * homes/local.ts) and homes/adapters.ts hands the code the one of the home it runs in. Adapters
 * are made on first use (a Lambda loads only the SDK clients it calls).
 */
export interface Home {
  queue(): Promise<QueuePort>;
  scheduler(): Promise<SchedulerPort>;
  mail(): Promise<MailPort>;
  apiUsage(): Promise<ApiUsagePort>;
  secretBox(): Promise<SecretBox>;
}
