export const quickMessagesQueryKeys = {
  all: ['quick-messages'] as const,
  lists: () => ['quick-messages', 'list'] as const,
  list: (searchParam: string) => ['quick-messages', 'list', { searchParam }] as const,
  /** GET /quick-messages/list: what the chat input offers after "/". */
  options: (userId: number | undefined) => ['quick-messages', 'options', userId ?? 0] as const,
};
