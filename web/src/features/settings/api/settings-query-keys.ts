export const settingsQueryKeys = {
  all: ['settings'] as const,
  list: () => ['settings', 'list'] as const,
};
