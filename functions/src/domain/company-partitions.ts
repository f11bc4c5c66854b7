/**
 * Every key family a company owns in the single table, listed once. The company purge
 * (modules/company-purge) derives the partitions it empties from this list, and a unit test
 * (functions/test/company-partitions.test.ts) fails when a data-layer or connector key template
 * `C#${companyId}...` appears that is not listed here.
 */

/** How the purge reaches a family's items. */
export type PurgeRoute =
  /** The company's own partition (`pk = C#<companyId>`): swept last, its purge marker at the very end. */
  | 'main-partition'
  /** One base-table partition per company, emptied by a query on `pk`. */
  | 'company-partition'
  /** One base-table partition per ticket id the company handed out, emptied by a query on `pk`. */
  | 'ticket-partition'
  /** One index partition per ticket whose items live in their own base partitions (messages): queried for their keys. */
  | 'ticket-index'
  /** One base partition per message, reached through the ticket index. */
  | 'message-partition'
  /** An index key of items stored in the company's own partition: they leave with the main sweep. */
  | 'index-of-main'
  /** An index partition whose items' base keys carry no company (WebSocket connections): queried for their keys. */
  | 'foreign-index'
  /** One base-table partition per internal chat id the company handed out (members and messages). */
  | 'chat-partition'
  /** An index key of items stored in the chats' partitions: they leave with those partitions. */
  | 'index-of-chat';

export type KeyAttribute = 'pk' | 'gsi1pk' | 'gsi2pk' | 'gsi3pk' | 'gsi2sk';

export interface PartitionFamily {
  /** The key as the data layer writes it, with its variables as `${name}`. */
  template: string;
  attribute: KeyAttribute;
  route: PurgeRoute;
  holds: string;
}

export const companyPartitionFamilies: readonly PartitionFamily[] = [
  {
    template: 'C#${companyId}',
    attribute: 'pk',
    route: 'main-partition',
    holds:
      'the company and every record keyed by id: users, sessions, settings, counters, connections (with the connector\'s credentials, leases, spool, sandbox outbox and replies), queues, queue options, tags and ticket links, contacts, tickets and their claims, note refs, quick messages, the purge marker',
  },
  { template: 'C#${companyId}#CSEARCH', attribute: 'pk', route: 'company-partition', holds: 'contact search tokens' },
  { template: 'C#${companyId}#TSEARCH', attribute: 'pk', route: 'company-partition', holds: 'message-text search tokens' },
  { template: 'C#${companyId}#TCREATED', attribute: 'pk', route: 'company-partition', holds: 'ticket creation instants' },
  { template: 'C#${companyId}#DASH', attribute: 'pk', route: 'company-partition', holds: 'dashboard days, agent blocks and live counters' },
  { template: 'C#${companyId}#TLCOUNT', attribute: 'pk', route: 'company-partition', holds: 'ticket list counts (open and pending tabs)' },
  { template: 'C#${companyId}#DASHDONE', attribute: 'pk', route: 'company-partition', holds: 'dashboard counted-once guards' },
  { template: 'C#${companyId}#WHD', attribute: 'pk', route: 'company-partition', holds: 'outbound webhook deliveries (expiring log)' },
  {
    template: 'C#${companyId}#T#${ticketId}',
    attribute: 'pk',
    route: 'ticket-partition',
    holds: "a ticket's timeline, notes and first responses",
  },
  { template: 'C#${companyId}#T#${ticketId}', attribute: 'gsi1pk', route: 'ticket-index', holds: "a ticket's messages" },
  { template: 'C#${companyId}#MSG#${messageId}', attribute: 'pk', route: 'message-partition', holds: 'one message' },
  { template: 'C#${companyId}#CONTACTS', attribute: 'gsi1pk', route: 'index-of-main', holds: 'contacts by name' },
  { template: 'C#${companyId}#CCREATED', attribute: 'gsi2pk', route: 'index-of-main', holds: 'contacts by creation' },
  { template: 'C#${companyId}#QOPTS#${queueId}', attribute: 'gsi1pk', route: 'index-of-main', holds: "a queue's options" },
  { template: 'C#${companyId}#TAG#${tagId}', attribute: 'gsi1pk', route: 'index-of-main', holds: "a tag's tickets" },
  { template: 'C#${companyId}#W#${whatsappId}', attribute: 'gsi2sk', route: 'index-of-main', holds: 'running connections (platform index sort key)' },
  { template: 'C#${companyId}#TS#${status}', attribute: 'gsi1pk', route: 'index-of-main', holds: 'tickets by status' },
  { template: 'C#${companyId}#TSQ#${status}#${queueId}', attribute: 'gsi2pk', route: 'index-of-main', holds: 'tickets by status and queue' },
  { template: 'C#${companyId}#TSU#${status}#${userId}', attribute: 'gsi3pk', route: 'index-of-main', holds: 'tickets by status and user' },
  { template: 'C#${companyId}#CLIST#${contactListId}', attribute: 'gsi1pk', route: 'index-of-main', holds: "a contact list's items by name" },
  { template: 'C#${companyId}#CLISTID#${contactListId}', attribute: 'gsi2pk', route: 'index-of-main', holds: "a contact list's items by id" },
  { template: 'C#${companyId}#WS', attribute: 'gsi1pk', route: 'foreign-index', holds: 'open WebSocket connections (`WS#<connectionId>`)' },
  { template: 'C#${companyId}#SCHEDULES', attribute: 'gsi1pk', route: 'index-of-main', holds: 'scheduled messages by send time' },
  { template: 'C#${companyId}#SCHEDULES#CT#${contactId}', attribute: 'gsi2pk', route: 'index-of-main', holds: "a contact's scheduled messages" },
  {
    template: 'C#${companyId}#CAMPREC#${campaignId}#${recipientState}',
    attribute: 'gsi1pk',
    route: 'index-of-main',
    holds: "a campaign's recipients of one state, in send order",
  },
  { template: 'C#${companyId}#CAMPREC#${campaignId}', attribute: 'gsi2pk', route: 'index-of-main', holds: "a campaign's recipients in send order" },
  { template: 'C#${companyId}#CHAT#${chatId}', attribute: 'pk', route: 'chat-partition', holds: "an internal chat's member views and messages" },
  { template: 'C#${companyId}#U#${userId}#CHATS', attribute: 'gsi1pk', route: 'index-of-chat', holds: "a user's internal chats (member views)" },
];

/**
 * Platform-level items that belong to a company without a company key. The purge deletes the
 * e-mail and name claims only while they still name the company (a new owner keeps them).
 */
export const companyPlatformClaims = [
  { template: 'EMAIL#${email}', holds: "a user's e-mail claim (its `companyId` is checked)" },
  { template: 'COMPANYNAME#${nameKey}', holds: "the company's name claim (its `companyId` is checked)" },
  { template: 'WS#${connectionId}', holds: 'a WebSocket connection, found through `C#<companyId>#WS`' },
] as const;

/** A template with its `${name}` variables folded to `${}`, so templates compare whatever the names. */
export function templateShape(template: string): string {
  return template.replace(/\$\{[^}]*\}/g, '${}');
}

/** A family's template with its variables filled in. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}} in ${template}`);
    return String(value);
  });
}

function familiesOf(route: PurgeRoute): readonly PartitionFamily[] {
  return companyPartitionFamilies.filter((family) => family.route === route);
}

/** The company's own partition. */
export function companyMainPartition(companyId: number): string {
  return fillTemplate(familiesOf('main-partition')[0]!.template, { companyId });
}

/** The company's other base-table partitions, one each (search tokens, creation instants, dashboards). */
export function companyLevelPartitions(companyId: number): string[] {
  return familiesOf('company-partition').map((family) => fillTemplate(family.template, { companyId }));
}

/** What a ticket id owns: base partitions (`pk`) and index partitions (`gsi1pk`) whose items are deleted by key. */
export function ticketOwnedPartitions(companyId: number, ticketId: number): { attribute: 'pk' | 'gsi1pk'; value: string }[] {
  return [...familiesOf('ticket-index'), ...familiesOf('ticket-partition')].map((family) => ({
    attribute: family.attribute as 'pk' | 'gsi1pk',
    value: fillTemplate(family.template, { companyId, ticketId }),
  }));
}

/** The partition of one internal chat id (its members' views and its messages). */
export function chatPartition(companyId: number, chatId: number): string {
  return fillTemplate(familiesOf('chat-partition')[0]!.template, { companyId, chatId });
}

/** Index partitions whose items live outside the company's partitions (its WebSocket connections). */
export function companyForeignIndexes(companyId: number): { attribute: 'gsi1pk'; value: string }[] {
  return familiesOf('foreign-index').map((family) => ({
    attribute: family.attribute as 'gsi1pk',
    value: fillTemplate(family.template, { companyId }),
  }));
}

/**
 * The company's folder in the media bucket: messages' media (`c<id>/w<whatsappId>/…`,
 * media-rules.ts) and quick-message attachments (`c<id>/quick-messages/…`).
 */
export function companyMediaPrefix(companyId: number): string {
  return `c${companyId}/`;
}

/** The purge marker's sort key in the company's partition: it replaces the company item while the purge runs. */
export const purgeMarkerSortKey = 'PURGE';
