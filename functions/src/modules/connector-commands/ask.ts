import { randomUUID } from 'node:crypto';
import type { ConnectorCommand, ConnectorReply } from '@atende/shared/entities/connector-command';
import { awaitConnectorReply } from '#data/connector-replies';
import { sendConnectorCommand } from './send.ts';

/** A command the connector answers (it carries a reply key), without the key: `askConnector` makes one. */
export type ConnectorQuestion = ConnectorCommand extends infer C
  ? C extends { replyKey?: string }
    ? 'replyKey' extends keyof C
      ? Omit<C, 'replyKey' | 'commandId'>
      : never
    : never
  : never;

/**
 * Sends a command someone waits for (a number check, a delete or an edit for everyone) under a
 * fresh reply key, then waits for the connector's answer: undefined when none came in time.
 */
export async function askConnector(question: ConnectorQuestion): Promise<ConnectorReply | undefined> {
  const replyKey = randomUUID();
  await sendConnectorCommand({ ...question, replyKey });
  return awaitConnectorReply(question.companyId, replyKey);
}
