/**
 * Outbound webhooks (docs/decisions.md, "Outbound webhooks"): how fast the dispatcher turns
 * customer messages into signed deliveries. A webhook for `message.created` points at a local
 * receiver; `count` sandbox messages arrive (10 at a time); the row is deliveries per second from
 * the first message sent to the last delivery received, the lag from a message's send to its
 * delivery (p50, p99), and any message delivered twice or never.
 */
import type { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { startWebhookReceiver } from '../../../functions/test/fakes/webhook-receiver.ts';

export interface WebhookBenchResult {
  events: number;
  delivered: number;
  deliveriesPerSecond: number;
  lagMs: { p50: number; p99: number; max: number };
  duplicated: number;
  missing: number;
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runWebhookBench(options: {
  admin: ApiClient;
  whatsappId: number;
  count: number;
  /** Gives up waiting for deliveries after this long. */
  timeoutMs?: number;
  onProgress: (line: string) => void;
}): Promise<WebhookBenchResult> {
  const receiver = await startWebhookReceiver();
  const stamp = Date.now().toString(36);
  const created = await options.admin.post<{ id: number }>('/webhooks', {
    name: `bench ${stamp}`,
    url: `${receiver.origin}/bench`,
    events: ['message.created'],
  });
  if (created.status !== 201)
    throw new Error(`creating the webhook: ${created.status} ${JSON.stringify(created.body)}`);
  try {
    const sentAt = new Map<string, number>();
    const ids = Array.from({ length: options.count }, (_, index) => `WHB-${stamp}-${index}`);
    const started = Date.now();
    let next = 0;
    // 10 senders; 20 customers, so the inbound queue's per-chat order does not serialise them all.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < ids.length) {
          const index = next++;
          const id = ids[index]!;
          sentAt.set(id, Date.now());
          const answer = await options.admin.post(`/sandbox/${options.whatsappId}/inbound`, {
            from: `55119${String(70_000_000 + (index % 20)).padStart(8, '0')}`,
            name: `Cliente webhook ${index % 20}`,
            body: `webhook bench ${index}`,
            id,
          });
          if (answer.status >= 300)
            throw new Error(`inbound ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }),
    );
    const deliveredOf = () => {
      const arrivals = new Map<string, number[]>();
      for (const request of receiver.on('/bench')) {
        const id = (request.json.data.message as { id?: string } | undefined)?.id;
        if (id && sentAt.has(id)) arrivals.set(id, [...(arrivals.get(id) ?? []), request.atMs]);
      }
      return arrivals;
    };
    const deadline = Date.now() + (options.timeoutMs ?? 60_000 + options.count * 200);
    let arrivals = deliveredOf();
    while (arrivals.size < ids.length && Date.now() < deadline) {
      options.onProgress(`webhooks: ${arrivals.size}/${ids.length} delivered`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      arrivals = deliveredOf();
    }
    const firsts = [...arrivals.values()].map((times) => Math.min(...times));
    const last = firsts.length > 0 ? Math.max(...firsts) : Date.now();
    const lags = [...arrivals.entries()]
      .map(([id, times]) => Math.min(...times) - sentAt.get(id)!)
      .sort((a, b) => a - b);
    const seconds = (last - started) / 1000;
    return {
      events: ids.length,
      delivered: arrivals.size,
      deliveriesPerSecond: seconds > 0 ? arrivals.size / seconds : 0,
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? 0 },
      duplicated: [...arrivals.values()].filter((times) => times.length > 1).length,
      missing: ids.length - arrivals.size,
      seconds,
    };
  } finally {
    await options.admin.delete(`/webhooks/${created.body.id}`);
    await receiver.close();
  }
}

export function webhookBenchText(result: WebhookBenchResult): string {
  return (
    `webhooks: ${result.delivered}/${result.events} message.created deliveries, ${result.deliveriesPerSecond.toFixed(1)}/s; ` +
    `lag p50 ${result.lagMs.p50} ms, p99 ${result.lagMs.p99} ms; duplicated ${result.duplicated}, missing ${result.missing}`
  );
}
