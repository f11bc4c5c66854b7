/**
 * The companies routes' work: the public sign-up, super users' company administration, a
 * company's own opening hours and its plan; one function per route. The handler parses and
 * answers, these check the caller's rights, read and write.
 */
import type {
  CompanyCreateInput,
  CompanyListQuery,
  CompanyUpdateInput,
  SignupInput,
} from '@atende/shared/entities/company';
import type { CompanySchedulesUpdateInput } from '@atende/shared/entities/company-schedule';
import { isAdmin, type Principal } from '#auth/principal';
import { getCompany, listAllCompanies, updateCompany, type CompanyChanges } from '#data/companies';
import { getPlan, listPlans } from '#data/plans';
import { listSettings, putSetting } from '#data/settings';
import { AppError, foundOr } from '#domain/app-error';
import { isPublicPlan, nameKey, platformCompanyId, signupTerms } from '#domain/company-rules';
import { rateLimits } from '#domain/rate-limits';
import { matchesSearch, pageOf } from '#domain/paging';
import { forgetCompanyContext } from '#http/company-context';
import { deleteCompanyAndPurge } from '#modules/company-purge/start';
import { provisionCompany, unprovisionCompany } from '#modules/messages/api-usage-provisioning';
import { publicPlan } from '../plans/serialize.ts';
import { logAttempt, spendAttempt } from '../auth/attempts.ts';
import { createCompanyWithAdmin } from './create-company.ts';
import { publicCompany } from './serialize.ts';

const pageSize = 20;

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
 * core §8 ERR_USER_CREATION_DISABLED: the super user closed the public sign-up (the platform's
 * `userCreation` setting is disabled; docs/decisions.md, "Sign-up closed: userCreation").
 */
async function assertSignupOpen(): Promise<void> {
  const settings = await listSettings(platformCompanyId);
  if (settings.find((setting) => setting.key === 'userCreation')?.value === 'disabled')
    throw new AppError('ERR_USER_CREATION_DISABLED');
}

/** Only super users reach another company than their own. */
function assertOwnCompanyOrSuper(principal: Principal, companyId: number): void {
  if (!principal.isSuper && companyId !== principal.companyId) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * POST /companies/cadastro: a new company and its admin, on a plan the public list offers (others
 * are given by super users); sign-ups per caller address are limited.
 */
export async function signUp(input: SignupInput, address: string) {
  try {
    await spendAttempt([rateLimits.signupsPerAddress, address]);
  } catch (error) {
    logAttempt('signup', 'throttled', { address });
    throw error;
  }
  await assertSignupOpen();
  const plan = await getPlan(input.planId);
  if (!plan || !isPublicPlan(plan)) throw new AppError('ERR_NO_PLAN_FOUND');
  logAttempt('signup', 'accepted', { address });
  const referredBy = await signupReferrer(input.referrerCompanyId);
  const company = await createCompanyWithAdmin(
    {
      name: input.name,
      email: input.email,
      phone: input.phone,
      planId: input.planId,
      ...signupTerms(new Date()),
      ...(referredBy ? { referredBy } : {}),
      ...(input.language ? { language: input.language } : {}),
    },
    { email: input.email, password: input.password, ...(input.language ? { language: input.language } : {}) },
  );
  return publicCompany(company);
}

/** GET /companies: a page of 20, filtered by name, e-mail or phone, with their plans. */
export async function companiesPage(query: CompanyListQuery) {
  const matching = (await listAllCompanies()).filter((c) =>
    matchesSearch(query.searchParam, c.name, c.email, c.phone),
  );
  const page = pageOf(matching, query.pageNumber, pageSize);
  return { companies: await withPlans(page.items), count: page.count, hasMore: page.hasMore };
}

/** GET /companies/list: every company with its plan. */
export async function allCompanies() {
  return withPlans(await listAllCompanies());
}

/** GET /companies/listPlan/{companyId}: a company and its whole plan (its own users, or super users). */
export async function companyWithPlan(principal: Principal, companyId: number) {
  assertOwnCompanyOrSuper(principal, companyId);
  const company = await companyOrFail(companyId);
  const plan = await getPlan(company.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return { ...publicCompany(company), plan: publicPlan(plan) };
}

/** GET /companies/{id}: a company's own users read it (settings screens, billing); only super users read others. */
export async function companyForReader(principal: Principal, id: number) {
  assertOwnCompanyOrSuper(principal, id);
  const company = await companyOrFail(id);
  return publicCompany(company, { plan: await getPlan(company.planId) });
}

/** POST /companies: a super user's new company, with its admin when an e-mail and password are given. */
export async function addCompany(input: CompanyCreateInput & { password?: string | undefined }) {
  const company = await createCompanyWithAdmin(
    {
      name: input.name,
      email: input.email || undefined,
      phone: input.phone || undefined,
      planId: input.planId,
      status: input.status,
      campaignsEnabled: input.campaignsEnabled ?? true,
      dueDate: input.dueDate ?? null,
      recurrence: input.recurrence,
      ...(input.language ? { language: input.language } : {}),
    },
    input.email && input.password ? { email: input.email, password: input.password } : undefined,
  );
  return publicCompany(company);
}

/** PUT /companies/{id}: a super user's changes; another plan moves the company's API key to that plan's usage plan. */
export async function changeCompany(id: number, input: CompanyUpdateInput) {
  const current = await companyOrFail(id);
  const newPlan = input.planId !== undefined ? await getPlan(input.planId) : undefined;
  if (input.planId !== undefined && !newPlan) throw new AppError('ERR_NO_PLAN_FOUND');
  const changes: CompanyChanges = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'dueDate') continue;
    (changes as Record<string, unknown>)[key] = value;
  }
  if (input.name !== undefined) changes.nameKey = nameKey(input.name);
  if (typeof input.dueDate === 'string') changes.dueDate = input.dueDate.slice(0, 10);
  await updateCompany(current, changes, input.dueDate === null);
  if (input.campaignsEnabled !== undefined)
    await putSetting(current.id, 'campaignsEnabled', String(input.campaignsEnabled));
  forgetCompanyContext(current.id);
  if (newPlan && newPlan.id !== current.planId) await provisionCompany(current.id, newPlan);
  return publicCompany(await companyOrFail(id));
}

/** PUT /companies/{id}/schedules: the company's own admins set its opening hours (settings, Horarios); super users any. */
export async function setOpeningHours(
  principal: Principal,
  id: number,
  schedules: CompanySchedulesUpdateInput['schedules'],
) {
  if (!principal.isSuper && (id !== principal.companyId || !isAdmin(principal)))
    throw new AppError('ERR_NO_PERMISSION');
  const current = await companyOrFail(id);
  await updateCompany(current, { schedules });
  return publicCompany(await companyOrFail(id));
}

/** DELETE /companies/{id}: the company is gone at once; its data follows in queued steps (modules/company-purge). */
export async function removeCompany(id: number): Promise<void> {
  if (id === platformCompanyId) throw new AppError('ERR_NO_PERMISSION');
  await deleteCompanyAndPurge(id);
  forgetCompanyContext(id);
  await unprovisionCompany(id);
}
