import type { ApiUsagePort } from '#ports/api-usage';
import type { Home } from '#ports/home';
import type { MailPort } from '#ports/mail';
import type { QueuePort } from '#ports/queue';
import type { SchedulerPort } from '#ports/scheduler';
import type { SecretBox } from '#ports/secret-box';
import { localSecretBox } from './local-secret-box.ts';

/**
 * What the local runtime hands the functions (infra/local/src/runtime.ts; in a function's own
 * thread, infra/local/src/function-worker.mjs forwards each call to the runtime's thread): its
 * SQS, Scheduler, mail and usage-plan stand-ins. They are put in a global slot before any bundle
 * is imported; Symbol.for() is shared by every bundle in the process. In AWS the slot is empty.
 */
export interface LocalBindings {
  queue: QueuePort;
  scheduler: SchedulerPort;
  mail: MailPort;
  /** The external API's usage plans: the local gateway's limiter. */
  apiUsage?: ApiUsagePort;
}

const slot = Symbol.for('atende.localBindings');

export function installLocalBindings(bindings: LocalBindings): void {
  (globalThis as Record<symbol, unknown>)[slot] = bindings;
}

export function localBindings(): LocalBindings | undefined {
  return (globalThis as Record<symbol, unknown>)[slot] as LocalBindings | undefined;
}

function installed(): LocalBindings {
  const bindings = localBindings();
  if (!bindings) throw new Error('the local runtime has not installed its adapters');
  return bindings;
}

let box: Promise<SecretBox> | undefined;

/**
 * The local home's composition root: the runtime's stand-ins from the slot, and the secret box
 * under a key file in the runtime's data dir (made in each thread; it needs only DATA_DIR).
 */
export const localHome: Home = {
  queue: async () => installed().queue,
  scheduler: async () => installed().scheduler,
  mail: async () => installed().mail,
  apiUsage: async () => {
    const apiUsage = installed().apiUsage;
    if (!apiUsage) throw new Error('the local runtime installed no usage-plan adapter');
    return apiUsage;
  },
  secretBox: () => (box ??= Promise.resolve(localSecretBox())),
};
