import * as z from 'zod';
import {
  companyCreateInputSchema,
  companyListQuerySchema,
  companyUpdateInputSchema,
  signupInputSchema,
} from '@atende/shared/entities/company';
import { companySchedulesUpdateInputSchema } from '@atende/shared/entities/company-schedule';
import { isAdmin } from '#auth/principal';
import { getCompany, listAllCompanies, updateCompany, type CompanyChanges } from '#data/companies';
import { getPlan, listPlans } from '#data/plans';
import { listSettings, putSetting } from '#data/settings';
import { AppError, foundOr } from '#domain/app-error';
import { isPublicPlan, nameKey, platformCompanyId, signupTerms } from '#domain/company-rules';
import { rateLimits } from '#domain/rate-limits';
import { matchesSearch, pageOf } from '#domain/paging';
import { publicPlan } from '../plans/serialize.ts';
import { publicCompany } from './serialize.ts';
import { forgetCompanyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { deleteCompanyAndPurge } from '#modules/company-purge/start';
import { provisionCompany, unprovisionCompany } from '#modules/messages/api-usage-provisioning';
import { callerAddress, logAttempt, spendAttempt } from '../auth/attempts.ts';
import { createCompanyWithAdmin } from './create-company.ts';

const pageSize = 20;
const companyIdPath = z.object({ companyId: z.coerce.number().int().positive() });

async function companyOrFail(id: number) {
  return foundOr(getCompany(id), 'ERR_NO_COMPANY_FOUND');
}

/**
 * The sign-up link's `companyId` (docs/decisions.md, "Sign-up: the companyId of the link is a
 * referral"): kept only when it names an existing client company; anything else is ignored, so a
 * bad link never blocks a sign-up and the answer tells nothing of which ids exist.
 */
async function signupReferrer(id: number | undefined): Promise<number | undefined> {
  if (id === undefined || id === platformCompanyId) return undefined;
  return (await getCompany(id))?.id;
}

async function withPlans(companies: Awaited<ReturnType<typeof listAllCompanies>>) {
  const plans = new Map((await listPlans()).map((plan) => [plan.id, plan]));
  return companies.map((company) => publicCompany(company, { plan: plans.get(company.planId) }));
}

/**
 * /api/companies: the public sign-up, super users' company administration, a company's own
 * opening hours and its plan.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/companies/cadastro',
    access: 'public',
    body: signupInputSchema,
    handler: async (request) => {
      const { body } = request;
      const address = callerAddress(request);
      try {
        await spendAttempt([rateLimits.signupsPerAddress, address]);
      } catch (error) {
        logAttempt('signup', 'throttled', { address });
        throw error;
      }
      await assertSignupOpen();
      // Sign-up is onto a plan the public list offers; others are given by super users.
      const plan = await getPlan(body.planId);
      if (!plan || !isPublicPlan(plan)) throw new AppError('ERR_NO_PLAN_FOUND');
      logAttempt('signup', 'accepted', { address });
      const referredBy = await signupReferrer(body.referrerCompanyId);
      const company = await createCompanyWithAdmin(
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          planId: body.planId,
          ...signupTerms(new Date()),
          ...(referredBy ? { referredBy } : {}),
          ...(body.language ? { language: body.language } : {}),
        },
        { email: body.email, password: body.password, ...(body.language ? { language: body.language } : {}) },
      );
      return new HttpAnswer(201, publicCompany(company));
    },
  }),
  route({
    method: 'GET',
    path: '/companies',
    access: 'super',
    query: companyListQuerySchema,
    handler: async ({ query }) => {
      const matching = (await listAllCompanies()).filter((c) => matchesSearch(query.searchParam, c.name, c.email, c.phone));
      const page = pageOf(matching, query.pageNumber, pageSize);
      return { companies: await withPlans(page.items), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    method: 'GET',
    path: '/companies/list',
    access: 'super',
    handler: async () => withPlans(await listAllCompanies()),
  }),
  route({
    method: 'GET',
    path: '/companies/listPlan/{companyId}',
    access: 'user',
    allowBlockedCompany: true,
    params: companyIdPath,
    handler: async ({ principal, params }) => {
      if (!principal.isSuper && params.companyId !== principal.companyId) throw new AppError('ERR_NO_PERMISSION');
      const company = await companyOrFail(params.companyId);
      const plan = await getPlan(company.planId);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
      return { ...publicCompany(company), plan: publicPlan(plan) };
    },
  }),
  route({
    ...onRecord('GET', '/companies/{id}', 'user'),
    allowBlockedCompany: true,
    handler: async ({ principal, params }) => {
      // A company's own users read it (settings screens, billing); only super users read others.
      if (!principal.isSuper && params.id !== principal.companyId) throw new AppError('ERR_NO_PERMISSION');
      const company = await companyOrFail(params.id);
      return publicCompany(company, { plan: await getPlan(company.planId) });
    },
  }),
  route({
    method: 'POST',
    path: '/companies',
    access: 'super',
    body: companyCreateInputSchema.extend({ password: z.string().min(5).max(50).optional() }),
    handler: async ({ body }) => {
      const company = await createCompanyWithAdmin(
        {
          name: body.name,
          email: body.email || undefined,
          phone: body.phone || undefined,
          planId: body.planId,
          status: body.status,
          campaignsEnabled: body.campaignsEnabled ?? true,
          dueDate: body.dueDate ?? null,
          recurrence: body.recurrence,
          ...(body.language ? { language: body.language } : {}),
        },
        body.email && body.password ? { email: body.email, password: body.password } : undefined,
      );
      return new HttpAnswer(201, publicCompany(company));
    },
  }),
  route({
    ...onRecord('PUT', '/companies/{id}', 'super'),
    body: companyUpdateInputSchema,
    handler: async ({ params, body }) => {
      const current = await companyOrFail(params.id);
      const newPlan = body.planId !== undefined ? await getPlan(body.planId) : undefined;
      if (body.planId !== undefined && !newPlan) throw new AppError('ERR_NO_PLAN_FOUND');
      const changes: CompanyChanges = {};
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined || key === 'dueDate') continue;
        (changes as Record<string, unknown>)[key] = value;
      }
      if (body.name !== undefined) changes.nameKey = nameKey(body.name);
      if (typeof body.dueDate === 'string') changes.dueDate = body.dueDate.slice(0, 10);
      await updateCompany(current, changes, body.dueDate === null);
      if (body.campaignsEnabled !== undefined) await putSetting(current.id, 'campaignsEnabled', String(body.campaignsEnabled));
      forgetCompanyContext(current.id);
      // Another plan: the company's external API key moves to that plan's usage plan.
      if (newPlan && newPlan.id !== current.planId) await provisionCompany(current.id, newPlan);
      return publicCompany(await companyOrFail(params.id));
    },
  }),
  route({
    ...onRecord('PUT', '/companies/{id}/schedules', 'admin'),
    body: companySchedulesUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      // The company's own admins set its opening hours (settings, Horarios); super users any.
      if (!principal.isSuper && (params.id !== principal.companyId || !isAdmin(principal))) throw new AppError('ERR_NO_PERMISSION');
      const current = await companyOrFail(params.id);
      await updateCompany(current, { schedules: body.schedules });
      return publicCompany(await companyOrFail(params.id));
    },
  }),
  route({
    ...onRecord('DELETE', '/companies/{id}', 'super'),
    handler: async ({ params }) => {
      if (params.id === platformCompanyId) throw new AppError('ERR_NO_PERMISSION');
      // The company is gone at once; its data follows in queued steps (modules/company-purge).
      await deleteCompanyAndPurge(params.id);
      forgetCompanyContext(params.id);
      await unprovisionCompany(params.id);
      return new HttpAnswer(202);
    },
  }),
]);

/**
 * core §8 ERR_USER_CREATION_DISABLED: the super user closed the public sign-up (the platform's
 * `userCreation` setting is disabled; docs/decisions.md, "Sign-up closed: userCreation").
 */
async function assertSignupOpen(): Promise<void> {
  const settings = await listSettings(platformCompanyId);
  if (settings.find((setting) => setting.key === 'userCreation')?.value === 'disabled')
    throw new AppError('ERR_USER_CREATION_DISABLED');
}
