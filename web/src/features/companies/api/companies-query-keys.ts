export const companiesQueryKeys = {
  all: ['companies'] as const,
  list: () => ['companies', 'list'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
};
