/**
 * The one list of everything that runs in functions/: REST modules, the WebSocket API,
 * and the stream, queue and schedule consumers. The CDK app (infra/lib) and the local
 * runtime (infra/local) are both built from it, so a route cannot exist in one home only.
 *
 * Every entry is bundled by functions/build.ts to functions/dist/<name>/index.mjs, which
 * exports `handler`.
 */

export interface RestModule {
  /** Bundle and Lambda name. */
  name: string;
  /** First path segment after /api, e.g. `tickets` serves /api/tickets and /api/tickets/*. */
  prefixes: string[];
  entry: string;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export interface WebSocketApi {
  name: string;
  entry: string;
  /** Route keys; the client's messages carry `action` and go to $default. */
  routes: readonly ['$connect', '$disconnect', '$default'];
}

export interface StreamConsumer {
  name: string;
  entry: string;
  batchSize: number;
  /**
   * How long records may gather before the consumer is invoked (Lambda's
   * MaximumBatchingWindowInSeconds; the local stream reader waits the same): the changes one
   * message sets off within it reach the consumer as one batch. Unset: at once (live events).
   */
  batchingWindowSeconds?: number;
}

export interface QueueDefinition {
  /** Logical name; the queue URL reaches the code as env QUEUE_URL_<NAME> (upper snake case). */
  name: string;
  fifo: boolean;
  /** The function that consumes it. */
  consumer: { name: string; entry: string; batchSize: number };
  visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
}

export const restModules: RestModule[] = [
  { name: 'version', prefixes: ['version'], entry: 'src/modules/version/handler.ts' },
  { name: 'auth', prefixes: ['auth'], entry: 'src/modules/auth/handler.ts' },
  { name: 'companies', prefixes: ['companies'], entry: 'src/modules/companies/handler.ts' },
  { name: 'plans', prefixes: ['plans'], entry: 'src/modules/plans/handler.ts' },
  { name: 'users', prefixes: ['users'], entry: 'src/modules/users/handler.ts' },
  { name: 'settings', prefixes: ['settings'], entry: 'src/modules/settings/handler.ts' },
  { name: 'helps', prefixes: ['helps'], entry: 'src/modules/helps/handler.ts' },
  { name: 'password-reset', prefixes: ['forgetpassword', 'resetpasswords'], entry: 'src/modules/password-reset/handler.ts' },
  { name: 'whatsapp', prefixes: ['whatsapp'], entry: 'src/modules/whatsapp/handler.ts' },
  { name: 'whatsappsession', prefixes: ['whatsappsession'], entry: 'src/modules/whatsappsession/handler.ts' },
  { name: 'sandbox', prefixes: ['sandbox'], entry: 'src/modules/sandbox/handler.ts' },
  { name: 'messages', prefixes: ['messages'], entry: 'src/modules/messages/handler.ts' },
  { name: 'tickets', prefixes: ['tickets'], entry: 'src/modules/tickets/handler.ts' },
  { name: 'contacts', prefixes: ['contacts'], entry: 'src/modules/contacts/handler.ts' },
  { name: 'tags', prefixes: ['tags', 'ticket-tags'], entry: 'src/modules/tags/handler.ts' },
  { name: 'ticket-notes', prefixes: ['ticket-notes'], entry: 'src/modules/ticket-notes/handler.ts' },
  { name: 'quick-messages', prefixes: ['quick-messages'], entry: 'src/modules/quick-messages/handler.ts' },
  { name: 'dashboard', prefixes: ['dashboard'], entry: 'src/modules/dashboard/handler.ts' },
  { name: 'queues', prefixes: ['queue'], entry: 'src/modules/queues/handler.ts' },
  { name: 'queue-options', prefixes: ['queue-options'], entry: 'src/modules/queue-options/handler.ts' },
  { name: 'files', prefixes: ['files'], entry: 'src/modules/files/handler.ts' },
  { name: 'contact-lists', prefixes: ['contact-lists', 'contact-list-items'], entry: 'src/modules/contact-lists/handler.ts' },
  { name: 'kanban', prefixes: ['ticket'], entry: 'src/modules/kanban/handler.ts' },
  { name: 'chats', prefixes: ['chats'], entry: 'src/modules/chats/handler.ts' },
  { name: 'announcements', prefixes: ['announcements'], entry: 'src/modules/announcements/handler.ts' },
  { name: 'campaign-settings', prefixes: ['campaign-settings'], entry: 'src/modules/campaign-settings/handler.ts' },
  { name: 'campaigns', prefixes: ['campaigns'], entry: 'src/modules/campaigns/handler.ts' },
  { name: 'schedules', prefixes: ['schedules'], entry: 'src/modules/schedules/handler.ts' },
  { name: 'invoices', prefixes: ['invoices'], entry: 'src/modules/invoices/handler.ts' },
  { name: 'subscription', prefixes: ['subscription'], entry: 'src/modules/subscription/handler.ts' },
  { name: 'webhooks', prefixes: ['webhooks'], entry: 'src/modules/webhooks/handler.ts' },
  { name: 'prompts', prefixes: ['prompt'], entry: 'src/modules/prompts/handler.ts' },
  { name: 'queue-integrations', prefixes: ['queueIntegration'], entry: 'src/modules/queue-integrations/handler.ts' },
];

export interface Task {
  name: string;
  entry: string;
  /**
   * Runs once per deploy in AWS (a CDK trigger) and on every start locally. Tasks must be
   * idempotent; the first-start bootstrap is one.
   */
  runOn: 'deploy';
}

export const tasks: Task[] = [
  { name: 'bootstrap', entry: 'src/tasks/bootstrap.ts', runOn: 'deploy' },
  // After the bootstrap (tasks run in this order): the external API's usage plans and keys.
  { name: 'api-usage-sync', entry: 'src/tasks/api-usage-sync.ts', runOn: 'deploy' },
  // Existing data into the ticket search's second layout (resumable; once done, one read).
  { name: 'ticket-search-migration', entry: 'src/tasks/ticket-search-migration.ts', runOn: 'deploy' },
];

export const webSocketApi: WebSocketApi = {
  name: 'live',
  entry: 'src/live/socket-handler.ts',
  routes: ['$connect', '$disconnect', '$default'],
};

/**
 * The table stream's consumers. Only the broadcaster reads at once (agents' screens); the others
 * gather a second of records first, so a message and the changes it sets off (its store, the
 * connector's mark, the acks, the ticket's update) are one invocation, not two or three
 * (docs/decisions.md, "Stream consumers: a second's batching window").
 */
export const streamConsumers: StreamConsumer[] = [
  { name: 'broadcaster', entry: 'src/live/broadcast-handler.ts', batchSize: 100 },
  // The dashboard's day buckets and live counters (docs/metrics.md).
  { name: 'dashboard-aggregator', entry: 'src/modules/dashboard-aggregator/handler.ts', batchSize: 100, batchingWindowSeconds: 1 },
  // Ticket and message changes become deliveries to the companies' outbound webhooks (docs/decisions.md, "Outbound webhooks").
  { name: 'webhook-events', entry: 'src/modules/webhooks/events-handler.ts', batchSize: 100, batchingWindowSeconds: 1 },
  // A scheduled message's send result (ack or error) becomes its schedule's status (docs/decisions.md, "Schedule status follows the send result");
  // a campaign message's refusal marks its recipient failed ("Campaign recipients: failed with a reason");
  // a deleted or edited last message changes its ticket's list line (AP-TK-17).
  { name: 'schedule-outcomes', entry: 'src/modules/schedules/outcome-handler.ts', batchSize: 100, batchingWindowSeconds: 1 },
];

/**
 * A queue and its one consumer: the consumer's name, its entry under src/modules/ and batch size,
 * then the visibility timeout (seconds) and the receives before the dead-letter queue.
 */
function queue(
  name: string,
  kind: 'fifo' | 'standard',
  consumer: string,
  entry: string,
  batchSize: number,
  visibilityTimeoutSeconds: number,
  maxReceiveCount: number,
): QueueDefinition {
  const fifo = kind === 'fifo';
  const consumerFunction = { name: consumer, entry: `src/modules/${entry}`, batchSize };
  return { name, fifo, consumer: consumerFunction, visibilityTimeoutSeconds, maxReceiveCount };
}

/** Queues and their consumers. One-time schedules (EventBridge Scheduler) target these queues. */
export const queues: QueueDefinition[] = [
  // WhatsApp events from the connector: one FIFO group per chat keeps a chat's messages in order.
  queue('inbound', 'fifo', 'ingest', 'ingest/handler.ts', 10, 60, 10),
  // Ticket timers (auto-transfer, inactivity close, rating wait; docs/chatbot.md): one-time
  // schedules deliver here. Standard: each timer stands alone and its handling is idempotent.
  queue('timers', 'standard', 'timers', 'timers/handler.ts', 10, 60, 10),
  // Scheduled messages (docs/decisions.md, "Scheduled messages"): each schedule's one-time
  // timer delivers here at its send time. Standard: each stands alone, handled idempotently;
  // the fifth receive records the schedule as failed (ERRO) instead of retrying.
  queue('scheduled-messages', 'standard', 'scheduled-messages', 'schedules/fire-handler.ts', 10, 60, 5),
  // Contact-list work (docs/decisions.md, "Contact lists"): import slices, paced WhatsApp checks
  // and a deleted list's items, each a bounded step that sends the next. One step at a time per
  // delivery; the consumer's timeout (visibility / 6 = 150 s) leaves each step its margin.
  queue('contact-lists', 'standard', 'contact-list-work', 'contact-lists/worker.ts', 1, 900, 5),
  // Company purge steps (docs/decisions.md, "Deleting a company"): each deletes a bounded part of
  // a deleted company's data and sends the next. One message at a time; the consumer's timeout
  // (visibility / 6 = 150 s) leaves each step its 60 s of work.
  queue('company-purge', 'standard', 'company-purge', 'company-purge/handler.ts', 1, 900, 5),
  // Campaign steps (docs/decisions.md, "Campaigns"): start, prepare, send, and the watchdog tick.
  // Standard: every step is fenced on the campaign record, so a repeat does nothing twice.
  queue('campaigns', 'standard', 'campaign-dispatcher', 'campaigns/queue-handler.ts', 10, 120, 10),
  // Invoice runs (docs/decisions.md, "Invoices and payment"): the recurring `invoice-run`
  // schedule delivers here. Standard: a run is idempotent (one invoice per company and period).
  queue('billing', 'standard', 'invoice-run', 'invoices/run-handler.ts', 1, 900, 5),
  // Outbound webhook attempts (docs/decisions.md, "Outbound webhooks"): one message per attempt;
  // a failed attempt queues the next with a growing delay itself. Standard: each attempt is
  // claimed on its delivery record, so a repeated message makes no second call.
  queue('webhook-deliveries', 'standard', 'webhook-delivery', 'webhooks/worker.ts', 10, 120, 5),
  // Bot turns (docs/decisions.md, "AI prompts"): each customer message an AI prompt or a queue
  // integration answers. FIFO, one group per ticket: a chat's answers keep its order and a slow
  // provider holds only its own chat. One at a time; the consumer's timeout (visibility / 6 =
  // 60 s) covers a call and its bounded retries (10 s timeout, 2 retries with backoff).
  queue('bot-turns', 'fifo', 'bot-turn', 'bot-turn/handler.ts', 1, 360, 5),
];

/**
 * Recurring EventBridge Scheduler schedules (infra/lib/recurring-schedules.ts; locally the
 * runtime's scheduler stand-in): each delivers `body` to a queue of the manifest at every
 * occurrence of `expression`. Delivery is at least once, so consumers must be idempotent.
 */
export interface RecurringSchedule {
  /** [0-9a-zA-Z-_.], at most 64 characters. */
  name: string;
  /** `rate(<n> minute(s)|hour(s)|day(s))`, as EventBridge Scheduler writes it. */
  expression: string;
  queueName: string;
  body: string;
}

export const recurringSchedules: RecurringSchedule[] = [
  // Creates the invoices that fall due soon (invoice-rules.ts: ten days ahead); hourly so a new
  // due date is invoiced the same day whatever the time zone.
  { name: 'invoice-run', expression: 'rate(1 hour)', queueName: 'billing', body: '{"type":"invoice-run"}' },
];

/** A queue consumed by a long-running service rather than a Lambda. */
export interface ServiceQueueDefinition {
  name: string;
  fifo: boolean;
  service: 'connector';
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /**
   * How long the service may keep one batch in hand: it extends the batch's visibility while it
   * works (a slow WhatsApp send must not be handed to another poller meanwhile), up to this.
   * The local runtime gives its in-process consumer the same limit.
   */
  maxBatchSeconds: number;
  maxReceiveCount: number;
}

/** The connector's queues: FIFO, polled in batches of ten it may keep five minutes. */
const connectorQueue = {
  fifo: true,
  service: 'connector',
  batchSize: 10,
  visibilityTimeoutSeconds: 60,
  maxBatchSeconds: 300,
  maxReceiveCount: 10,
} as const;

export const serviceQueues: ServiceQueueDefinition[] = [
  // Commands to the connector (docs/connector.md): one FIFO group per chat, session commands per connection.
  { name: 'connector-commands', ...connectorQueue },
  // The connector's lookups (checkNumber, profilePicture): someone waits for their answer, so
  // they never queue behind the commands' sends (connectorCommandQueue); one group per number.
  { name: 'connector-lookups', ...connectorQueue },
];

/**
 * A Lambda REQUEST authorizer in front of one REST method: API Gateway calls it with the
 * request's Authorization header and caches its answer for `ttlSeconds` per header value. The
 * local gateway calls the same bundle for the same method.
 */
export interface RestAuthorizer {
  name: string;
  entry: string;
  method: 'POST';
  /** Under /api; its first segment names the REST module that serves it. */
  path: string;
  ttlSeconds: number;
  /** The authorizer hands API Gateway the caller's API key (`usageIdentifierKey`): usage plans apply. */
  apiKeyRequired: boolean;
}

export const restAuthorizers: RestAuthorizer[] = [
  // The external message API: the connection token in, the company's usage plan applied
  // (docs/decisions.md, "External message API").
  {
    name: 'external-api-authorizer',
    entry: 'src/modules/messages/external-api-authorizer.ts',
    method: 'POST',
    path: '/api/messages/send',
    ttlSeconds: 60,
    apiKeyRequired: true,
  },
];

/** Every bundle to build, by name. */
export function allFunctions(): { name: string; entry: string }[] {
  return [
    ...restModules.map(({ name, entry }) => ({ name, entry })),
    { name: webSocketApi.name, entry: webSocketApi.entry },
    ...streamConsumers.map(({ name, entry }) => ({ name, entry })),
    ...queues.map((q) => ({ name: q.consumer.name, entry: q.consumer.entry })),
    ...tasks.map(({ name, entry }) => ({ name, entry })),
    ...restAuthorizers.map(({ name, entry }) => ({ name, entry })),
  ];
}

/** Env var that carries a queue's URL (AWS) or name (local). */
export function queueEnvName(queueName: string): string {
  return `QUEUE_URL_${queueName.replace(/[^a-z0-9]+/gi, '_').toUpperCase()}`;
}

/** Which REST module serves a path under /api (the first segment decides). */
export function moduleForPath(path: string): RestModule | undefined {
  const segment = path.replace(/^\/api\/?/, '').split('/')[0] ?? '';
  return restModules.find((m) => m.prefixes.includes(segment));
}
