import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import type { LaneFilter } from '#domain/kanban-rules';
import { getItems } from './batch-get.ts';
import { directoryVersionRef } from './directory-version.ts';
import { listedProjection, listedTicketOf, listedTicketRef, type ListedTicket } from './tickets.ts';

/** The filter expression of a lane over a list partition (`tagIds` is written with the links). */
function laneExpression(filter: LaneFilter): {
  expression?: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  if (filter.kind === 'tag')
    return {
      expression: 'contains(#tagIds, :t0)',
      names: { '#tagIds': 'tagIds' },
      values: { ':t0': filter.tagId },
    };
  if (filter.tagIds.length === 0) return { names: {}, values: {} };
  const values = Object.fromEntries(filter.tagIds.map((id, index) => [`:t${index}`, id]));
  const noneOf = filter.tagIds.map((_, index) => `NOT contains(#tagIds, :t${index})`).join(' AND ');
  return {
    expression: `(attribute_not_exists(#tagIds) OR (${noneOf}))`,
    names: { '#tagIds': 'tagIds' },
    values,
  };
}

/**
 * AP-KB-1: the newest `wanted` tickets of one lane in one ticket-list partition (gsi1..3, open
 * or pending only: the board never reads a closed ticket). The partition is read newest first
 * with the lane as a filter, page after page until more than `wanted` matched (so the caller
 * knows the lane goes on) or it ends. A lane most tickets are on (Creados) fills from the first page; a sparse lane reads
 * further, at most the partition's open or pending tickets.
 */
export async function queryLanePartition(
  index: 'gsi1' | 'gsi2' | 'gsi3',
  partition: string,
  filter: LaneFilter,
  wanted: number,
): Promise<ListedTicket[]> {
  const lane = laneExpression(filter);
  const found: ListedTicket[] = [];
  let startKey: Record<string, unknown> | undefined;
  // One more than missing tells whether the lane goes on. The first page asks just that (Creados
  // matches nearly every ticket); each further one asks four times more, up to 1,000, so a
  // sparse lane reads on in few calls.
  let limit = wanted + 1;
  do {
    const missing = wanted - found.length;
    limit = Math.max(limit, missing + 1);
    const answer = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { ...listedProjection.names, ...lane.names, '#pk': `${index}pk` },
        ExpressionAttributeValues: { ':pk': partition, ...lane.values },
        ProjectionExpression: listedProjection.expression,
        ...(lane.expression ? { FilterExpression: lane.expression } : {}),
        ScanIndexForward: false,
        Limit: limit,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    found.push(...(answer.Items ?? []).map(listedTicketOf));
    startKey = answer.LastEvaluatedKey;
    limit = Math.min(limit * 4, 1000);
  } while (startKey && found.length <= wanted);
  return found.slice(0, wanted + 1);
}

/**
 * AP-KB-2: the tickets carrying a tag, by id (AP-TG-7 gave the ids), with what a card shows, and
 * the company's directory version (AP-CO-9) in the same BatchGet: the small lanes
 * (domain/kanban-rules.ts linkedLaneMax) of a board cost their links' queries and this one call.
 */
export async function ticketsWithDirectoryVersion(
  companyId: number,
  ticketIds: readonly number[],
): Promise<{ version: number; tickets: Map<number, ListedTicket> }> {
  const unique = [...new Set(ticketIds)];
  const [version, ...found] = await getItems([
    directoryVersionRef(companyId),
    ...unique.map((id) => listedTicketRef(companyId, id)),
  ]);
  const tickets = new Map<number, ListedTicket>();
  for (const ticket of found) if (ticket) tickets.set(ticket.id, ticket);
  return { version: version ?? 0, tickets };
}

