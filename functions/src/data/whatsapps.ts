import type { EntityItem } from 'electrodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { connectionTokenHash, minLegacyTokenLength } from '#domain/connection-token';
import { companyEntity } from './company-entity.ts';
import { connectionTokenEntity } from './connection-token-entity.ts';
import { writeAll } from './transaction.ts';
import { whatsappEntity } from './whatsapp-entity.ts';
import { moveDirectoryVersion } from './directory-version.ts';
import { getCompanyItem } from './company-items.ts';

export type WhatsappRecord = EntityItem<typeof whatsappEntity>;
type NewWhatsapp = Omit<WhatsappRecord, 'createdAt' | 'updatedAt'>;

/** AP-WA-1: the connections of a company (plan-bounded). */
export async function listWhatsapps(companyId: number, options: { consistent?: boolean } = {}): Promise<WhatsappRecord[]> {
  const { data } = await whatsappEntity.query.byId({ companyId }).go({ pages: 'all', consistent: options.consistent ?? false });
  return data.sort((a, b) => a.id - b.id);
}

/** AP-WA-2: one connection. */
export async function getWhatsapp(companyId: number, id: number): Promise<WhatsappRecord | undefined> {
  return getCompanyItem(whatsappEntity, companyId, id);
}

/**
 * AP-WA-3: the connection that holds a token: its claim (by the token's hash, consistent), then
 * the connection (consistent), which must still hold the token, so a new token works at once and
 * the old one stops at once.
 */
export async function getWhatsappByToken(token: string): Promise<WhatsappRecord | undefined> {
  const { data: claim } = await connectionTokenEntity
    .get({ tokenHash: connectionTokenHash(token) })
    .go({ consistent: true });
  const owner = claim ? { companyId: claim.companyId, id: claim.whatsappId } : await legacyTokenOwner(token);
  const whatsapp = owner ? await getWhatsapp(owner.companyId, owner.id) : undefined;
  if (!whatsapp || whatsapp.token !== token) return undefined;
  if (!claim) await claimLegacyToken(whatsapp);
  return whatsapp;
}

/**
 * A legacy token's first use claims it and takes it out of the index: the claim and the
 * removal in one transaction, only while the connection still holds the token and nobody has
 * claimed it. A lost race changes nothing (the claim that won is the one read next time).
 */
/** A connection's table key, as its entity composes it. */
function whatsappKey(whatsapp: WhatsappRecord): { pk: string; sk: string } {
  return (
    whatsappEntity.get({ companyId: whatsapp.companyId, id: whatsapp.id }).params() as {
      Key: { pk: string; sk: string };
    }
  ).Key;
}

async function claimLegacyToken(whatsapp: WhatsappRecord): Promise<void> {
  const claimKey = connectionTokenEntity
    .put({
      tokenHash: connectionTokenHash(whatsapp.token),
      companyId: whatsapp.companyId,
      whatsappId: whatsapp.id,
    })
    .params() as { Item: Record<string, unknown> };
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: claimKey.Item,
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: whatsappKey(whatsapp),
              UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
              ConditionExpression: '#token = :token',
              ExpressionAttributeNames: { '#token': 'token' },
              ExpressionAttributeValues: { ':token': whatsapp.token },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
  }
}

/**
 * AP-WA-3b: a connection saved before tokens were claimed had its token in the gsi1 index
 * (`WAPPTOKEN#<token>`): such a token is still found here, and its first use claims it and
 * removes the entry (claimLegacyToken). A token never used again stays in the index.
 *
 * Admins could choose those tokens, so two companies may hold the same one, or one short enough
 * to guess: neither identifies its caller, so both are refused (the admin generates a new one).
 */
async function legacyTokenOwner(token: string): Promise<{ companyId: number; id: number } | undefined> {
  if (token.length < minLegacyTokenLength) return undefined;
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `WAPPTOKEN#${token}` },
      ProjectionExpression: 'companyId, id',
      // Two are enough to know the token is shared.
      Limit: 2,
    }),
  );
  const holders = answer.Items ?? [];
  if (holders.length !== 1) return undefined;
  return { companyId: Number(holders[0]!.companyId), id: Number(holders[0]!.id) };
}

/**
 * AP-WA-4: create a connection, counting it against the plan's limit, claiming its token
 * platform-wide and, when it is to be the default, taking that role from the previous default,
 * in one transaction.
 */
export async function createWhatsapp(
  whatsapp: NewWhatsapp,
  options: { connectionLimit: number; previousDefaultId?: number },
): Promise<void> {
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity, tokens: connectionTokenEntity },
    ({ whatsapp: connections, company, tokens }) => [
      connections.create(whatsapp).commit(),
      whatsapp.isDefault
        ? company
            .update({ id: whatsapp.companyId })
            .add({ connectionCount: 1 })
            .set({ defaultWhatsappId: whatsapp.id })
            .where(({ connectionCount }, { lt }) => lt(connectionCount, options.connectionLimit))
            .commit()
        : company
            .update({ id: whatsapp.companyId })
            .add({ connectionCount: 1 })
            .where(({ connectionCount }, { lt }) => lt(connectionCount, options.connectionLimit))
            .commit(),
      tokens
        .create({
          tokenHash: connectionTokenHash(whatsapp.token),
          companyId: whatsapp.companyId,
          whatsappId: whatsapp.id,
        })
        .commit(),
      ...(whatsapp.isDefault && options.previousDefaultId !== undefined
        ? [
            connections
              .patch({ companyId: whatsapp.companyId, id: options.previousDefaultId })
              .set({ isDefault: false })
              .commit(),
          ]
        : []),
    ],
    ['ERR_INTERNAL', 'ERR_PLAN_LIMIT_REACHED', 'ERR_RECORD_CONFLICT'],
  );
  await moveDirectoryVersion(whatsapp.companyId);
}

export type WhatsappChanges = Partial<
  Omit<
    WhatsappRecord,
    'companyId' | 'id' | 'createdAt' | 'updatedAt' | 'status' | 'qrcode' | 'retries' | 'running' | 'number'
  >
>;

/**
 * AP-WA-5: change a connection; becoming the default takes the role from the previous one; a new
 * token is claimed and the old one's claim released in the same transaction (the connection is
 * written only while it still holds the old token, so two rotations at once cannot both win).
 */
export async function updateWhatsapp(
  current: WhatsappRecord,
  changes: WhatsappChanges,
  options: { previousDefaultId?: number; clear?: (keyof WhatsappRecord)[] },
): Promise<void> {
  const becomesDefault = changes.isDefault === true && !current.isDefault;
  const rotates = changes.token !== undefined && changes.token !== current.token;
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity, tokens: connectionTokenEntity },
    ({ whatsapp, company, tokens }) => {
      const set = whatsapp.patch({ companyId: current.companyId, id: current.id }).set(changes);
      const clear = (options.clear ?? []) as Parameters<typeof set.remove>[0];
      // ElectroDB offers remove() before where(), not after: clear first, then the condition.
      const cleared = clear.length > 0 ? set.remove(clear) : set;
      const patch = rotates ? cleared.where(({ token }, { eq }) => eq(token, current.token)) : cleared;
      const items = [patch.commit()];
      if (rotates) {
        items.push(
          tokens
            .create({
              tokenHash: connectionTokenHash(changes.token!),
              companyId: current.companyId,
              whatsappId: current.id,
            })
            .commit(),
          tokens.delete({ tokenHash: connectionTokenHash(current.token) }).commit(),
        );
      }
      if (becomesDefault) {
        items.push(company.patch({ id: current.companyId }).set({ defaultWhatsappId: current.id }).commit());
        if (options.previousDefaultId !== undefined && options.previousDefaultId !== current.id) {
          items.push(
            whatsapp
              .patch({ companyId: current.companyId, id: options.previousDefaultId })
              .set({ isDefault: false })
              .commit(),
          );
        }
      }
      return items;
    },
    // By position: the connection, then (rotating) the new token's claim.
    ['ERR_NO_WAPP_FOUND', ...(rotates ? (['ERR_RECORD_CONFLICT'] as const) : [])],
  );
  if (changes.name !== undefined && changes.name !== current.name)
    await moveDirectoryVersion(current.companyId);
}

/** AP-WA-6: delete a connection and uncount it; the default role and the token's claim go with it. */
export async function deleteWhatsapp(current: WhatsappRecord): Promise<void> {
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity, tokens: connectionTokenEntity },
    ({ whatsapp, company, tokens }) => [
      whatsapp
        .delete({ companyId: current.companyId, id: current.id })
        .where(({ id }, { exists }) => exists(id))
        .commit(),
      current.isDefault
        ? company
            .update({ id: current.companyId })
            .subtract({ connectionCount: 1 })
            .remove(['defaultWhatsappId'])
            .commit()
        : company.update({ id: current.companyId }).subtract({ connectionCount: 1 }).commit(),
      tokens.delete({ tokenHash: connectionTokenHash(current.token) }).commit(),
    ],
    ['ERR_NO_WAPP_FOUND'],
  );
  await moveDirectoryVersion(current.companyId);
}
