import type { EntityItem } from 'electrodb';
import { planEntity, planNameEntity } from './plan-entity.ts';
import { writeAll } from './transaction.ts';

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

export type PlanFields = Omit<PlanRecord, 'id' | 'nameKey' | 'createdAt' | 'updatedAt'>;

/** AP-PL-3: create a plan, claiming its name. */
export async function createPlan(plan: PlanFields & { id: number; nameKey: string }): Promise<void> {
  await writeAll(
    { plan: planEntity, planName: planNameEntity },
    ({ plan: plans, planName }) => [
      plans.create(plan).commit(),
      planName.create({ nameKey: plan.nameKey, planId: plan.id }).commit(),
    ],
    ['ERR_DUPLICATED_NAME', 'ERR_DUPLICATED_NAME'],
  );
}

/** AP-PL-4: change a plan; a new name is claimed and the old one released atomically. */
export async function updatePlan(
  current: PlanRecord,
  changes: Partial<PlanFields> & { nameKey?: string },
  cleared: readonly ('campaigns' | 'schedules' | 'aiDailyCalls')[] = [],
): Promise<void> {
  const renamed = changes.nameKey !== undefined && changes.nameKey !== current.nameKey;
  await writeAll(
    { plan: planEntity, planName: planNameEntity },
    ({ plan, planName }) => [
      cleared.length > 0
        ? plan.patch({ id: current.id }).set(changes).remove([...cleared]).commit()
        : plan.patch({ id: current.id }).set(changes).commit(),
      ...(renamed
        ? [
            planName.create({ nameKey: changes.nameKey!, planId: current.id }).commit(),
            planName.delete({ nameKey: current.nameKey }).commit(),
          ]
        : []),
    ],
    ['ERR_NO_PLAN_FOUND', 'ERR_DUPLICATED_NAME'],
  );
}

/** AP-PL-5: delete a plan and its name claim. */
export async function deletePlan(current: PlanRecord): Promise<void> {
  await writeAll(
    { plan: planEntity, planName: planNameEntity },
    ({ plan, planName }) => [
      plan.delete({ id: current.id }).where(({ id }, { exists }) => exists(id)).commit(),
      planName.delete({ nameKey: current.nameKey }).commit(),
    ],
    ['ERR_NO_PLAN_FOUND'],
  );
}
