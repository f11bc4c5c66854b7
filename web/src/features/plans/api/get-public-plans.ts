import type { Plan } from '@atende/shared/entities/plan';
import { listReader } from '../../../lib/record-api.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

const publicPlansReader = listReader<Plan>('/plans/list', plansQueryKeys.publicList());

/** GET /plans/list: the plans offered at sign-up (no sign-in needed). */
export const getPublicPlans = publicPlansReader.get;
export const publicPlansQueryOptions = publicPlansReader.queryOptions;
export const usePublicPlans = publicPlansReader.useList;
