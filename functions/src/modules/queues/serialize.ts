import type { QueueRecord } from '#data/queues';

/** A queue as the API and the live channel show it (extended §3), with its opening hours. */
export function publicQueue(queue: QueueRecord) {
  return {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    orderQueue: queue.orderQueue ?? null,
    integrationId: queue.integrationId ?? null,
    promptId: queue.promptId ?? null,
    companyId: queue.companyId,
    schedules: queue.schedules ?? [],
    createdAt: queue.createdAt,
    updatedAt: queue.updatedAt,
  };
}
