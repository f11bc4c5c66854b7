export const helpsQueryKeys = {
  all: ['helps'] as const,
  list: () => ['helps', 'list'] as const,
};
