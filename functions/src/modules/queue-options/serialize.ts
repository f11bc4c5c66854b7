import type { QueueOptionRecord } from '#data/queue-options';
import type { OptionTree } from '#domain/queue-rules';

export interface PublicQueueOption {
  id: number;
  title: string;
  message: string;
  option: string;
  queueId: number;
  parentId: number | null;
  createdAt?: string;
  updatedAt?: string;
  children?: PublicQueueOption[];
}

/** A queue option as the API shows it (extended §3); `children` is its whole subtree when asked for. */
export function publicQueueOption(option: QueueOptionRecord | OptionTree<QueueOptionRecord>): PublicQueueOption {
  return {
    id: option.id,
    title: option.title,
    message: option.message ?? '',
    option: option.option,
    queueId: option.queueId,
    parentId: option.parentId ?? null,
    createdAt: option.createdAt,
    updatedAt: option.updatedAt,
    ...('children' in option ? { children: option.children.map(publicQueueOption) } : {}),
  };
}
