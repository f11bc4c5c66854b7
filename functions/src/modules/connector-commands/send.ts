import { randomUUID } from 'node:crypto';
import {
  connectorCommandGroup,
  connectorCommandQueue,
  type ConnectorCommand,
} from '@atende/shared/entities/connector-command';
import { queuePort } from '#homes/adapters';
import { currentCorrelationId } from '#observability/correlation';

export { connectorCommandsQueue, connectorLookupsQueue } from '@atende/shared/entities/connector-command';

type WithoutId<T> = T extends unknown ? Omit<T, 'commandId'> & { commandId?: string } : never;

/**
 * Sends a command to the connector: in order within its FIFO group (a chat's commands, or the
 * connection's session commands: connectorCommandGroup). Lookups travel on a queue of their own
 * (connectorCommandQueue), so a backlog of sends never delays an answer someone waits for.
 * Connection ids are numbered per company, so the group and deduplication ids carry the company.
 */
export async function sendConnectorCommand(command: WithoutId<ConnectorCommand>): Promise<string> {
  const commandId = command.commandId ?? randomUUID();
  const correlationId = command.correlationId ?? currentCorrelationId();
  const queue = await queuePort();
  await queue.send(connectorCommandQueue(command.type), {
    body: JSON.stringify({ ...command, commandId, ...(correlationId ? { correlationId } : {}) }),
    groupId: connectorCommandGroup(command),
    deduplicationId: `${command.companyId}:${commandId}`,
  });
  return commandId;
}
