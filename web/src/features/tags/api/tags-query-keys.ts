export const tagsQueryKeys = {
  all: ['tags'] as const,
  lists: () => ['tags', 'list'] as const,
  list: (searchParam: string) => ['tags', 'list', { searchParam }] as const,
  /** GET /tags/list: every tag, for pickers. */
  options: () => ['tags', 'options'] as const,
};
