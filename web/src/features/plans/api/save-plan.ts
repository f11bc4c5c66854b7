import type { PlanCreateInput } from '@atende/shared/entities/plan';
import type { Plan } from './get-plans.ts';
import { plansQueryKeys } from './plans-query-keys.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const planSaver = recordSaver<PlanCreateInput, Plan>('/plans', plansQueryKeys.all);

export const createPlan = planSaver.create;
export const updatePlan = planSaver.update;
/** POST /plans or PUT /plans/{id}; the lists reload. */
export const useSavePlan = planSaver.useSave;
