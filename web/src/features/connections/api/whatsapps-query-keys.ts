export const whatsappsQueryKeys = {
  all: ['whatsapps'] as const,
  list: () => ['whatsapps', 'list'] as const,
  detail: (id: number) => ['whatsapps', 'detail', id] as const,
};
