import type { EntityItem } from 'electrodb';
import { companyEntity } from './company-entity.ts';
import { writeAll } from './transaction.ts';
import { whatsappEntity } from './whatsapp-entity.ts';
import { moveDirectoryVersion } from './directory-version.ts';

export type WhatsappRecord = EntityItem<typeof whatsappEntity>;
type NewWhatsapp = Omit<WhatsappRecord, 'createdAt' | 'updatedAt'>;

/** AP-WA-1: the connections of a company (plan-bounded). */
export async function listWhatsapps(companyId: number): Promise<WhatsappRecord[]> {
  const { data } = await whatsappEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort((a, b) => a.id - b.id);
}

/** AP-WA-2: one connection. */
export async function getWhatsapp(companyId: number, id: number): Promise<WhatsappRecord | undefined> {
  const { data } = await whatsappEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** AP-WA-3: the connection that owns an external-API token. */
export async function getWhatsappByToken(token: string): Promise<WhatsappRecord | undefined> {
  const { data } = await whatsappEntity.query.byToken({ token }).go();
  return data[0];
}

/**
 * AP-WA-4: create a connection, counting it against the plan's limit and, when it is to be the
 * default, taking that role from the previous default, in one transaction.
 */
export async function createWhatsapp(
  whatsapp: NewWhatsapp,
  options: { connectionLimit: number; previousDefaultId?: number },
): Promise<void> {
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity },
    ({ whatsapp: connections, company }) => [
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
      ...(whatsapp.isDefault && options.previousDefaultId !== undefined
        ? [connections.patch({ companyId: whatsapp.companyId, id: options.previousDefaultId }).set({ isDefault: false }).commit()]
        : []),
    ],
    ['ERR_INTERNAL', 'ERR_PLAN_LIMIT_REACHED'],
  );
  await moveDirectoryVersion(whatsapp.companyId);
}

export type WhatsappChanges = Partial<Omit<WhatsappRecord, 'companyId' | 'id' | 'createdAt' | 'updatedAt' | 'status' | 'qrcode' | 'retries' | 'running' | 'number'>>;

/** AP-WA-5: change a connection; becoming the default takes the role from the previous one. */
export async function updateWhatsapp(
  current: WhatsappRecord,
  changes: WhatsappChanges,
  options: { previousDefaultId?: number; clear?: (keyof WhatsappRecord)[] },
): Promise<void> {
  const becomesDefault = changes.isDefault === true && !current.isDefault;
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity },
    ({ whatsapp, company }) => {
      const patch = whatsapp.patch({ companyId: current.companyId, id: current.id }).set(changes);
      const clear = (options.clear ?? []) as Parameters<typeof patch.remove>[0];
      const items = [clear.length > 0 ? patch.remove(clear).commit() : patch.commit()];
      if (becomesDefault) {
        items.push(company.patch({ id: current.companyId }).set({ defaultWhatsappId: current.id }).commit());
        if (options.previousDefaultId !== undefined && options.previousDefaultId !== current.id) {
          items.push(whatsapp.patch({ companyId: current.companyId, id: options.previousDefaultId }).set({ isDefault: false }).commit());
        }
      }
      return items;
    },
    ['ERR_NO_WAPP_FOUND'],
  );
  if (changes.name !== undefined && changes.name !== current.name) await moveDirectoryVersion(current.companyId);
}

/** AP-WA-6: delete a connection and uncount it; the default role goes with it. */
export async function deleteWhatsapp(current: WhatsappRecord): Promise<void> {
  await writeAll(
    { whatsapp: whatsappEntity, company: companyEntity },
    ({ whatsapp, company }) => [
      whatsapp.delete({ companyId: current.companyId, id: current.id }).where(({ id }, { exists }) => exists(id)).commit(),
      current.isDefault
        ? company.update({ id: current.companyId }).subtract({ connectionCount: 1 }).remove(['defaultWhatsappId']).commit()
        : company.update({ id: current.companyId }).subtract({ connectionCount: 1 }).commit(),
    ],
    ['ERR_NO_WAPP_FOUND'],
  );
  await moveDirectoryVersion(current.companyId);
}
