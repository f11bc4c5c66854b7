import { queuesQueryKeys } from './get-queues.ts';
import type { Queue, QueuePayload } from './types.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const queueSaver = recordSaver<QueuePayload, Queue>('/queue', queuesQueryKeys.list());

export const createQueue = queueSaver.create;
export const updateQueue = queueSaver.update;
/** POST /queue or PUT /queue/{id}; the list (and every queue picker) reloads. */
export const useSaveQueue = queueSaver.useSave;
