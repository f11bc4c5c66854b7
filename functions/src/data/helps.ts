import type { EntityItem } from 'electrodb';
import { helpEntity } from './help-entity.ts';

export type HelpRecord = EntityItem<typeof helpEntity>;

/** AP-HE-1: all help videos (one partition, a few dozen items). */
export async function listHelps(): Promise<HelpRecord[]> {
  const { data } = await helpEntity.query.byId({}).go({ pages: 'all' });
  return data.sort((a, b) => a.id - b.id);
}

/** AP-HE-2: one help video. */
export async function getHelp(id: number): Promise<HelpRecord | undefined> {
  const { data } = await helpEntity.get({ id }).go();
  return data ?? undefined;
}

/** AP-HE-3: create or replace a help video. */
export async function putHelp(help: Omit<HelpRecord, 'createdAt' | 'updatedAt'>): Promise<HelpRecord> {
  const { data } = await helpEntity.put(help).go();
  return data;
}

/** AP-HE-4: change a help video that exists. */
export async function patchHelp(id: number, changes: Partial<Pick<HelpRecord, 'title' | 'video' | 'description'>>): Promise<HelpRecord> {
  const { data } = await helpEntity.patch({ id }).set(changes).go({ response: 'all_new' });
  return data as HelpRecord;
}

/** AP-HE-5: delete a help video. */
export async function deleteHelp(id: number): Promise<void> {
  await helpEntity.delete({ id }).go();
}
