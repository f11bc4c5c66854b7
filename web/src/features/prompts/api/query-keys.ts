export const promptsQueryKeys = {
  all: ['prompts'] as const,
  list: () => ['prompts', 'list'] as const,
  detail: (id: number) => ['prompts', 'detail', id] as const,
};
