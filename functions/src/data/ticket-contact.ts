import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { currentTicketIdsOf } from './ticket-batch.ts';
import { listWhatsapps } from './whatsapps.ts';

/** What a ticket keeps of its contact for the lists (ticket attribute `contactSnapshot`). */
export interface TicketContactSnapshot {
  name: string;
  number: string;
  profilePicUrl?: string;
  isGroup: boolean;
  /** `number` holds a LID: the person's number is not known yet. */
  lidOnly?: boolean;
}

/**
 * The snapshot a ticket carries of its contact: every write that creates a ticket or changes a
 * contact's name, number or picture puts this on the ticket, so the open and pending lists show
 * the contact without reading it (docs/decisions.md, "Ticket lists: the contact on the ticket").
 */
export function contactSnapshotOf(contact: {
  name: string;
  number: string;
  profilePicUrl?: string | null;
  isGroup?: boolean | null;
  lidOnly?: boolean | null;
}): TicketContactSnapshot {
  return {
    name: contact.name,
    number: contact.number,
    ...(contact.profilePicUrl ? { profilePicUrl: contact.profilePicUrl } : {}),
    isGroup: contact.isGroup ?? false,
    ...(contact.lidOnly ? { lidOnly: true } : {}),
  };
}

/**
 * AP-TK-16: after a contact changed (or was deleted, `snapshot` undefined), its current ticket on
 * each of the company's connections gets the new snapshot (or loses it, so the lists read the
 * contact and find none). Every open or pending ticket is its contact's current ticket on the
 * connection it was created on (the claim cannot move while it is open or pending), so this
 * reaches every ticket the open and pending lists show: one ticket per connection at most, a
 * bounded fan-out (a query of the connections, a BatchGet of the claims, one update each).
 * Closed tickets that are no longer current keep their snapshot; the closed list does not use it,
 * and reopening one takes a fresh one (modules/tickets/handler.ts).
 */
export async function refreshContactTickets(
  companyId: number,
  contactId: number,
  snapshot: TicketContactSnapshot | undefined,
): Promise<number> {
  const connections = await listWhatsapps(companyId);
  const ticketIds = [
    ...new Set(
      await currentTicketIdsOf(
        companyId,
        connections.map((w) => ({ whatsappId: w.id, contactId })),
      ),
    ),
  ];
  await Promise.all(
    ticketIds.map((id) =>
      documentClient
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: `C#${companyId}`, sk: `TICKET#${id}` },
            UpdateExpression: snapshot ? 'SET #snapshot = :snapshot' : 'REMOVE #snapshot',
            // Only the contact's own ticket, and never an item where there is none (deleted meanwhile).
            ConditionExpression: 'attribute_exists(#pk) AND #contactId = :contactId',
            ExpressionAttributeNames: {
              '#snapshot': 'contactSnapshot',
              '#pk': 'pk',
              '#contactId': 'contactId',
            },
            ExpressionAttributeValues: {
              ':contactId': contactId,
              ...(snapshot ? { ':snapshot': snapshot } : {}),
            },
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
        }),
    ),
  );
  return ticketIds.length;
}
