import { randomBytes } from 'node:crypto';
import { defaultWeekHours } from '@atende/shared/entities/weekday-hours';
import { hashPassword } from '#auth/password';
import { createCompany, getCompany } from '#data/companies';
import { nextId, raiseCounterTo } from '#data/ids';
import { createPlan, listPlans } from '#data/plans';
import { getUserByEmail } from '#data/users';
import { nameKey, platformCompanyId } from '#domain/company-rules';
import { initialCompanySettings } from '#domain/company-settings';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** Only when this run generated the password (ADMIN_PASSWORD unset): shown once, never stored. */
  generatedPassword?: string;
}

/**
 * First start: the platform's own company (id 1), a default plan and the super user, with the
 * credentials from ADMIN_EMAIL / ADMIN_PASSWORD or generated. Safe to run on every start and
 * every deploy: it changes nothing once the platform company exists.
 */
export const handler = async (): Promise<BootstrapResult> => {
  if (await getCompany(platformCompanyId)) return { created: false };
  const plan = (await listPlans())[0] ?? (await createDefaultPlan());
  const email = (process.env.ADMIN_EMAIL || 'admin@atende.local').trim().toLowerCase();
  const givenPassword = process.env.ADMIN_PASSWORD;
  const password = givenPassword || randomBytes(9).toString('base64url');
  if (await getUserByEmail(email)) return { created: false };
  // The platform company has a fixed id; the counter moves past it so sign-ups never collide.
  const companyId = platformCompanyId;
  await raiseCounterTo('platform', 'company', companyId);
  const name = 'Atende';
  await createCompany(
    {
      id: companyId,
      name,
      nameKey: nameKey(name),
      planId: plan.id,
      status: true,
      campaignsEnabled: true,
      recurrence: 'MENSUAL',
      dueDate: '2099-12-31',
      schedules: defaultWeekHours(),
    },
    initialCompanySettings(true),
    { id: await nextId({ companyId }, 'user'), name: 'Admin', email, passwordHash: await hashPassword(password), isSuper: true },
  );
  if (givenPassword) return { created: true, email };
  if (process.env.APP_STAGE === 'local') return { created: true, email, generatedPassword: password };
  // In AWS the deploy trigger logs whatever this returns, so the password is left out of the
  // answer and written once to this function's own log (docs/deploy.md says where to read it).
  console.log(
    JSON.stringify({ message: 'First start: super user created; change this password after signing in', email, generatedPassword: password }),
  );
  return { created: true, email };
};

async function createDefaultPlan() {
  const id = await nextId('platform', 'plan');
  const plan = {
    id,
    name: 'Plano 1',
    nameKey: nameKey('Plano 1'),
    users: 10,
    connections: 10,
    queues: 10,
    value: 30,
    useCampaigns: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
  };
  await createPlan(plan);
  return plan;
}
