import type { CreateEntityItem, Entity, EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { nextId } from './ids.ts';
import { isConditionFailure } from './sessions.ts';

type AnyEntity = Entity<string, string, string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What the helpers call on the entity; ElectroDB's own types are per entity. */
interface CompanyItemOperations {
  get(key: { companyId: number; id: number }): { go(options: { consistent: true }): Promise<{ data: unknown }> };
  query: { byId(key: { companyId: number }): { go(options: { pages: 'all' }): Promise<{ data: unknown[] }> } };
  create(item: Record<string, unknown>): { go(): Promise<{ data: unknown }> };
}

/**
 * A company's numbered records (quick messages, webhooks, campaigns, …) share their reads: item
 * `C#<companyId>`, `<KIND>#<id>`, and the entity's `byId` index over the company's partition.
 * One record by id, read consistently (undefined when there is none).
 */
export async function getCompanyItem<E extends AnyEntity>(
  entity: E,
  companyId: number,
  id: number,
): Promise<EntityItem<E> | undefined> {
  const { data } = await (entity as unknown as CompanyItemOperations).get({ companyId, id }).go({ consistent: true });
  return (data ?? undefined) as EntityItem<E> | undefined;
}

/** Every record of the kind in the company's partition (`sk begins_with <KIND>#`), all pages, by id. */
export async function listCompanyItems<E extends AnyEntity>(entity: E, companyId: number): Promise<EntityItem<E>[]> {
  const { data } = await (entity as unknown as CompanyItemOperations).query.byId({ companyId }).go({ pages: 'all' });
  return data as EntityItem<E>[];
}

/** The two reads of a kind of numbered record: one by id (getCompanyItem) and all of a company (listCompanyItems). */
export function companyItemReads<E extends AnyEntity>(entity: E) {
  return {
    get: (companyId: number, id: number) => getCompanyItem(entity, companyId, id),
    list: (companyId: number) => listCompanyItems(entity, companyId),
  };
}

/** A new record of the kind, numbered with the company's next id for `kind` (ids.ts), created where none is. */
export async function createCompanyItem<E extends AnyEntity>(
  entity: E,
  kind: string,
  companyId: number,
  fields: Omit<CreateEntityItem<E>, 'companyId' | 'id'>,
): Promise<EntityItem<E>> {
  const id = await nextId({ companyId }, kind);
  const { data } = await (entity as unknown as CompanyItemOperations).create({ companyId, id, ...fields }).go();
  return data as EntityItem<E>;
}

/** Runs a write conditioned on the record existing: a failed condition is ERR_NOT_FOUND. */
export async function orNotFound<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}
