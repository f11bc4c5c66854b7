import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { isConditionFailure } from './sessions.ts';

/**
 * A sandbox connection's drops as the sandbox routes saw them (docs/sandbox.md, "Drops and held
 * messages"): `C#<companyId>` / `SANDBOX#<whatsappId>#DROP` with `drops` (how many were posted,
 * each drop's number) and `open` (true from a drop until its restore). Customer messages posted
 * while one is open carry its number, so the virtual phone holds them until that restore even
 * though they travel in their chat's FIFO group, not the connection's.
 */
const dropKey = (companyId: number, whatsappId: number) => ({
  pk: `C#${companyId}`,
  sk: `SANDBOX#${whatsappId}#DROP`,
});

/** AP-SB-2: a drop is posted: its number (1, 2, …), and it is open until a restore. */
export async function openSandboxDrop(companyId: number, whatsappId: number): Promise<number> {
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: dropKey(companyId, whatsappId),
      UpdateExpression: 'ADD #drops :one SET #open = :open',
      ExpressionAttributeNames: { '#drops': 'drops', '#open': 'open' },
      ExpressionAttributeValues: { ':one': 1, ':open': true },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.drops);
}

/**
 * AP-SB-3: a restore is posted: the number of the drop it ends (the latest), or undefined when no
 * drop was ever posted. Written only where a drop was (conditional), never creating the item.
 */
export async function closeSandboxDrop(companyId: number, whatsappId: number): Promise<number | undefined> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dropKey(companyId, whatsappId),
        UpdateExpression: 'SET #open = :closed',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#open': 'open' },
        ExpressionAttributeValues: { ':closed': false },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.drops) || undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** AP-SB-4: the drop open now (its number), if any: a customer message posted now is held for it. */
export async function openSandboxDropNumber(companyId: number, whatsappId: number): Promise<number | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: dropKey(companyId, whatsappId), ConsistentRead: true }),
  );
  return Item?.open === true ? Number(Item.drops) || undefined : undefined;
}
