export const webhooksQueryKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (webhookId: number) => ['webhooks', 'deliveries', webhookId] as const,
};
