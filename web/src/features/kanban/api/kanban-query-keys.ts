export const kanbanQueryKeys = {
  all: ['kanban'] as const,
  /** GET /ticket/kanban for the user's queues (first page of every lane, then pages merged in). */
  board: (queueIds: readonly number[]) => ['kanban', 'board', { queueIds: [...queueIds] }] as const,
  /** GET /tags/kanban: the lanes' tags. */
  tags: () => ['kanban', 'tags'] as const,
};
