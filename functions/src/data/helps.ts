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
