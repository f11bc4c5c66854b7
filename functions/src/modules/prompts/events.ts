import type { PromptRecord } from '#data/prompts';
import { getQueue } from '#data/queues';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicPrompt } from './serialize.ts';

/**
 * `prompt` events (extended §4, Live updates): `{ action: "create" | "update", prompt }` (the
 * REST shape: keys only masked, the queue's name) or `{ action: "delete", promptId }`, to the
 * company's admins only (the /prompt routes and the screen are theirs alone).
 */
export const promptEventRule: EventRule = async (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [
      { companyId, event: 'prompt', data: { action: 'delete', promptId: item.id }, audience: adminsOnly },
    ];
  }
  const prompt = change.newItem as PromptRecord;
  const queue = prompt.queueId !== undefined ? await getQueue(companyId, prompt.queueId) : undefined;
  const queues = new Map(queue ? [[queue.id, { id: queue.id, name: queue.name }]] : []);
  return [
    {
      companyId,
      event: 'prompt',
      data: { action: change.kind, prompt: publicPrompt(prompt, queues) },
      audience: adminsOnly,
    },
  ];
};
