import type { EntityItem } from 'electrodb';
import { planEntity } from './plan-entity.ts';

export type PlanRecord = EntityItem<typeof planEntity>;

/** AP-PL-1: a plan by id. */
export async function getPlan(id: number): Promise<PlanRecord | undefined> {
  const { data } = await planEntity.get({ id }).go();
  return data ?? undefined;
}

/** AP-PL-2: all plans (a handful; one partition). */
export async function listPlans(): Promise<PlanRecord[]> {
  const { data } = await planEntity.query.byId({}).go({ pages: 'all' });
  return data.sort((a, b) => a.id - b.id);
}
