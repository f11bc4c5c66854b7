export const schedulesQueryKeys = {
  all: ['schedules'] as const,
  list: () => ['schedules', 'list'] as const,
};
