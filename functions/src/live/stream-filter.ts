/**
 * Which table stream records reach the stream consumers at all (docs/decisions.md, "Stream
 * consumers: records no one reads are filtered out"). Every consumer reads records through
 * `changeFromRecord` (stream-changes.ts), which passes over items without an entity and, here,
 * the search tokens: about half the records of a campaign and one per distinct word of every
 * message. Lambda drops them before it invokes (the event source mappings' filter criteria, built
 * from these patterns), so they neither fill batches nor start invocations; the local stream
 * reader applies the same patterns. Pure: the CDK stack and the local runtime both import it.
 */

/** The ElectroDB entity field every item of an entity carries. */
export const entityField = '__edb_e__';

/** Entities no stream consumer reads: the search token items (data/ticket-search.ts, contact-entity.ts). */
export const entitiesNoConsumerReads: readonly string[] = ['ticketToken', 'ticketContactToken', 'contactToken'];

/** A Lambda event filter pattern (the JSON of a `FilterCriteria` filter's `Pattern`). */
export type StreamFilterPattern = Record<string, unknown>;

/**
 * The patterns, ORed as Lambda ORs a mapping's filters: an inserted or modified item of an entity
 * other than those above, or a removed one (a REMOVE record has only its old image). An item
 * without an entity field matches neither (`anything-but` needs the field).
 */
export function streamConsumerFilterPatterns(): StreamFilterPattern[] {
  const entity = { [entityField]: { S: [{ 'anything-but': [...entitiesNoConsumerReads] }] } };
  return [
    { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: entity } },
    { eventName: ['REMOVE'], dynamodb: { OldImage: entity } },
  ];
}
