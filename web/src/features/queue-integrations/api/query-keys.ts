export const queueIntegrationsQueryKeys = {
  all: ['queue-integrations'] as const,
  lists: () => ['queue-integrations', 'list'] as const,
  list: (searchParam: string) => ['queue-integrations', 'list', { searchParam }] as const,
  /** Every integration at once, for the queue and connection selects. */
  options: () => ['queue-integrations', 'options'] as const,
  detail: (id: number) => ['queue-integrations', 'detail', id] as const,
};
