/**
 * Moves a ticket's dates into the past, for tests about old conversations ("a ticket resolved
 * last month"). Nothing in the product writes past dates, and a test cannot wait a month, so the
 * ticket is made through the product (customer message, assignment, tags, resolution) and then
 * its own items are rewritten through the runtime's DynamoDB endpoint, as the product would have
 * written them on that day: the ticket's createdAt, updatedAt, activityAt and lastMessageAt, its
 * three list sort keys (domain/ticket-keys.ts), and its creation-index item (the "created on a
 * day" filter). Its messages and timeline keep their real instants: no search or list reads them.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ticketSortKey } from '../../../functions/src/domain/ticket-keys.ts';

export async function backdateTicket(
  env: Record<string, string>,
  ticket: { companyId: number; id: number },
  at: Date,
): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
      },
    }),
  );
  try {
    const TableName = env.TABLE_NAME;
    const key = { pk: `C#${ticket.companyId}`, sk: `TICKET#${ticket.id}` };
    const stored = (await client.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item;
    if (!stored) throw new Error(`ticket ${ticket.id} not found`);
    const createdKey = {
      pk: `C#${ticket.companyId}#TCREATED`,
      sk: `${String(stored.createdAt)}#${ticket.id}`,
    };
    const created = (await client.send(new GetCommand({ TableName, Key: createdKey, ConsistentRead: true })))
      .Item;
    if (!created) throw new Error(`creation item of ticket ${ticket.id} not found`);
    const iso = at.toISOString();
    const sortKey = ticketSortKey(iso, ticket.id);
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
              Key: key,
              // Only a resolved ticket that nothing has touched since it was read.
              ConditionExpression: '#status = :closed AND updatedAt = :read',
              UpdateExpression:
                'SET createdAt = :at, updatedAt = :at, activityAt = :at, lastMessageAt = :at, gsi1sk = :sk, gsi2sk = :sk, gsi3sk = :sk',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':closed': 'closed',
                ':read': stored.updatedAt,
                ':at': iso,
                ':sk': sortKey,
              },
            },
          },
          { Delete: { TableName, Key: createdKey } },
          { Put: { TableName, Item: { ...created, createdAt: iso, sk: `${iso}#${ticket.id}` } } },
        ],
      }),
    );
  } finally {
    client.destroy();
  }
}
