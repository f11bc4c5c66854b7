export const fileListsQueryKeys = {
  all: ['file-lists'] as const,
  lists: () => ['file-lists', 'list'] as const,
  list: (searchParam: string) => ['file-lists', 'list', { searchParam }] as const,
  detail: (id: number) => ['file-lists', 'detail', id] as const,
};
