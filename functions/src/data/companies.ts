import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';
import { companyEntity, companyNameEntity } from './company-entity.ts';
import { settingEntity } from './setting-entity.ts';
import { writeAll } from './transaction.ts';
import { userEmailEntity } from './user-email-entity.ts';
import { userEntity } from './user-entity.ts';
import { listCompanyUsers } from './users.ts';

export type CompanyRecord = EntityItem<typeof companyEntity>;

/** AP-CO-1: a company by id. */
export async function getCompany(id: number): Promise<CompanyRecord | undefined> {
  const { data } = await companyEntity.get({ id }).go();
  return data ?? undefined;
}

/**
 * AP-CO-2: every company, ordered by name (super users' administration only; bounded by the
 * number of client companies, read through gsi1, never a scan).
 */
export async function listAllCompanies(): Promise<CompanyRecord[]> {
  const { data } = await companyEntity.query.all({}).go({ pages: 'all' });
  return data;
}

/** AP-CO-3: whether a company name is taken. */
export async function companyIdWithName(nameKey: string): Promise<number | undefined> {
  const { data } = await companyNameEntity.get({ nameKey }).go();
  return data?.companyId;
}

export interface NewCompanyAdmin {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  /** Only the platform's own admin, created by the first-start bootstrap. */
  isSuper?: boolean;
}

/**
 * AP-CO-4: create a company with its default settings and, when given, its first admin, all in
 * one transaction: a taken name or e-mail leaves nothing behind.
 */
export async function createCompany(
  company: Omit<CompanyRecord, 'createdAt' | 'updatedAt' | 'userCount'>,
  settings: Record<string, string>,
  admin?: NewCompanyAdmin,
): Promise<void> {
  await writeAll(
    { company: companyEntity, companyName: companyNameEntity, user: userEntity, userEmail: userEmailEntity, setting: settingEntity },
    ({ company: companies, companyName, user, userEmail, setting }) => [
      companies.create({ ...company, userCount: admin ? 1 : 0 }).commit(),
      companyName.create({ nameKey: company.nameKey, companyId: company.id }).commit(),
      ...(admin
        ? [
            userEmail.create({ email: admin.email, companyId: company.id, userId: admin.id }).commit(),
            user
              .create({
                companyId: company.id,
                id: admin.id,
                name: admin.name,
                email: admin.email,
                passwordHash: admin.passwordHash,
                profile: 'admin',
                isSuper: admin.isSuper ?? false,
                allTicket: 'enabled',
                queueIds: [],
              })
              .commit(),
          ]
        : []),
      ...Object.entries(settings).map(([key, value]) => setting.put({ companyId: company.id, key, value }).commit()),
    ],
    ['ERR_DUPLICATED_NAME', 'ERR_DUPLICATED_NAME', ...(admin ? (['ERR_DUPLICATED_EMAIL'] as const) : [])],
  );
}

export type CompanyChanges = Partial<
  Pick<
    CompanyRecord,
    | 'name'
    | 'nameKey'
    | 'email'
    | 'phone'
    | 'planId'
    | 'status'
    | 'campaignsEnabled'
    | 'dueDate'
    | 'recurrence'
    | 'schedules'
    | 'billingName'
    | 'addressZipCode'
    | 'addressStreet'
    | 'addressState'
    | 'addressCity'
    | 'addressDistrict'
  >
>;

/** AP-CO-5: change a company; a new name is claimed and the old one released atomically. */
export async function updateCompany(current: CompanyRecord, changes: CompanyChanges, removeDueDate = false): Promise<void> {
  const renamed = changes.nameKey !== undefined && changes.nameKey !== current.nameKey;
  await writeAll(
    { company: companyEntity, companyName: companyNameEntity },
    ({ company, companyName }) => {
      const patch = company.patch({ id: current.id }).set(changes);
      const companyUpdate = removeDueDate ? patch.remove(['dueDate']).commit() : patch.commit();
      return renamed
        ? [
            companyUpdate,
            companyName.create({ nameKey: changes.nameKey!, companyId: current.id }).commit(),
            companyName.delete({ nameKey: current.nameKey }).commit(),
          ]
        : [companyUpdate];
    },
    ['ERR_NO_COMPANY_FOUND', 'ERR_DUPLICATED_NAME', undefined],
  );
}

/**
 * AP-CO-6: delete a company: every item of its partition (users, settings, sessions, counters
 * and, as later issues add them, its other records), its users' e-mail claims and its name.
 */
export async function deleteCompany(company: CompanyRecord): Promise<void> {
  const users = await listCompanyUsers(company.id);
  const keys: { pk: string; sk: string }[] = users.map((user) => ({ pk: `EMAIL#${user.email}`, sk: 'USER' }));
  keys.push({ pk: `COMPANYNAME#${company.nameKey}`, sk: 'NAME' });
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `C#${company.id}` },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // The company item goes last, so a failure half-way leaves a company that can be deleted again.
  const companyKey = { pk: `C#${company.id}`, sk: 'COMPANY' };
  const rest = keys.filter((key) => !(key.pk === companyKey.pk && key.sk === companyKey.sk));
  for (let index = 0; index < rest.length; index += 25) {
    await deleteBatch(rest.slice(index, index + 25));
  }
  await deleteBatch([companyKey]);
}

async function deleteBatch(keys: { pk: string; sk: string }[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    const answer = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = (answer.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 5)));
  }
}
