export const usersQueryKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (searchParam: string) => ['users', 'list', { searchParam }] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};
