import type { InstantRange } from '#domain/day-range';
import { queryAllItems } from './paged-query.ts';

/**
 * AP-TK-12: the ids of the tickets created in a range of instants (a day of the company), from
 * the `C#<companyId>#TCREATED` partition: `sk BETWEEN <from> AND <to>`, keys only. Reads exactly
 * the range's items (about 60 bytes each, so one 1 MB page holds a busy day).
 */
export async function ticketIdsCreatedIn(companyId: number, range: InstantRange): Promise<number[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `C#${companyId}#TCREATED`, ':from': range.from, ':to': range.to },
    ExpressionAttributeNames: { '#ticketId': 'ticketId' },
    ProjectionExpression: '#ticketId',
  });
  return items.map((item) => Number(item.ticketId));
}
