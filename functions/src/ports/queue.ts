/**
 * Port for sending to the product's queues. In AWS it is SQS; the local runtime installs an
 * in-process adapter with the same contract (homes/local.ts).
 */
export interface QueueMessage {
  body: string;
  /** FIFO queues: messages of one group are delivered in order, one at a time. */
  groupId?: string;
  /** FIFO queues: a second message with the same id within 5 minutes is dropped. */
  deduplicationId?: string;
  /** Standard queues only: delay before the message becomes visible (0-900 s). */
  delaySeconds?: number;
}

export interface QueuePort {
  send(queueName: string, message: QueueMessage): Promise<void>;
}
