import type { Plan } from '@atende/shared/entities/plan';
import { listReader } from '../../../lib/record-api.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

export type { Plan };

const plansReader = listReader<Plan>('/plans/all', plansQueryKeys.list(), { meta: { silent: true } });

/** GET /plans/all: every plan, for the company form and the plans table. */
export const getPlans = plansReader.get;
export const plansQueryOptions = plansReader.queryOptions;
export const usePlans = plansReader.useList;
