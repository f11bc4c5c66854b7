import { planCreateInputSchema, planUpdateInputSchema } from '@atende/shared/entities/plan';
import { pagedSearchQuerySchema } from '@atende/shared/query-params';
import { listAllCompanies } from '#data/companies';
import { nextId } from '#data/ids';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from '#data/plans';
import { AppError, foundOr } from '#domain/app-error';
import { isPublicPlan, nameKey } from '#domain/company-rules';
import { matchesSearch, pageOf } from '#domain/paging';
import { publicPlan } from './serialize.ts';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { provisionPlan, unprovisionPlan } from '#modules/messages/api-usage-provisioning';
import { HttpAnswer } from '#http/types';

async function planOrFail(id: number) {
  return foundOr(getPlan(id), 'ERR_NO_PLAN_FOUND');
}

/** /api/plans: the public plan list for sign-up, and super users' plan administration. */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/plans/list',
    access: 'public',
    // Sign-up offers only public plans; hidden ones are given by super users.
    handler: async () => (await listPlans()).filter(isPublicPlan).map(publicPlan),
  }),
  route({
    method: 'GET',
    path: '/plans/all',
    access: 'user',
    allowBlockedCompany: true,
    handler: async () => (await listPlans()).map(publicPlan),
  }),
  route({
    method: 'GET',
    path: '/plans',
    access: 'super',
    query: pagedSearchQuerySchema,
    handler: async ({ query }) => {
      const page = pageOf(
        (await listPlans()).filter((plan) => matchesSearch(query.searchParam, plan.name)),
        query.pageNumber,
        20,
      );
      return { plans: page.items.map(publicPlan), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    ...onRecord('GET', '/plans/{id}', 'super'),
    handler: async ({ params }) => publicPlan(await planOrFail(params.id)),
  }),
  route({
    method: 'POST',
    path: '/plans',
    access: 'super',
    body: planCreateInputSchema,
    handler: async ({ body }) => {
      const id = await nextId('platform', 'plan');
      await createPlan({ ...stripNulls(body), id, name: body.name.trim(), nameKey: nameKey(body.name) });
      const plan = await planOrFail(id);
      await provisionPlan(plan);
      return new HttpAnswer(201, publicPlan(plan));
    },
  }),
  route({
    ...onRecord('PUT', '/plans/{id}', 'super'),
    body: planUpdateInputSchema,
    handler: async ({ params, body }) => {
      const current = await planOrFail(params.id);
      // A limit sent as null is taken away (unlimited), not kept.
      const cleared = clearableLimits.filter((limit) => body[limit] === null);
      await updatePlan(
        current,
        {
          ...stripNulls(body),
          ...(body.name !== undefined ? { name: body.name.trim(), nameKey: nameKey(body.name) } : {}),
        },
        cleared,
      );
      const plan = await planOrFail(params.id);
      await provisionPlan(plan);
      return publicPlan(plan);
    },
  }),
  route({
    ...onRecord('DELETE', '/plans/{id}', 'super'),
    handler: async ({ params }) => {
      const current = await planOrFail(params.id);
      // A plan in use stays: deleting it would leave companies without limits or flags.
      if ((await listAllCompanies()).some((company) => company.planId === current.id)) throw new AppError('ERR_PLAN_IN_USE');
      await deletePlan(current);
      await unprovisionPlan(current.id);
      return new HttpAnswer(204);
    },
  }),
]);

/** The limits a plan may leave out (none: unlimited). */
const clearableLimits = ['campaigns', 'schedules', 'aiDailyCalls'] as const;

/** Stored plans have no nulls: an absent limit means none. */
function stripNulls<T extends Record<string, unknown>>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}
