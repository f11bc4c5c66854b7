import { randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { defaultWeekHours } from '@atende/shared/entities/weekday-hours';
import { hashPassword } from '#auth/password';
import { createCompany, getCompany } from '#data/companies';
import { nextId, raiseCounterTo } from '#data/ids';
import { createPlan, listPlans } from '#data/plans';
import { getUserByEmail } from '#data/users';
import { nameKey, platformCompanyId } from '#domain/company-rules';
import { initialCompanySettings } from '#domain/company-settings';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /**
   * Locally only, when this run generated the password (ADMIN_PASSWORD unset): the local runtime
   * writes it to .data/first-start.txt (owner-only) and logs only that file's path.
   */
  generatedPassword?: string;
  /** In AWS: the Secrets Manager secret that holds the first password (never the password). */
  passwordSecretArn?: string;
}

/**
 * The first super user's password: in AWS, the secret CDK generated (ADMIN_PASSWORD_SECRET_ARN;
 * the template holds only its ARN); locally ADMIN_PASSWORD, or one generated here.
 */
async function firstPassword(): Promise<{ password: string; generated: boolean; secretArn?: string }> {
  const secretArn = process.env.ADMIN_PASSWORD_SECRET_ARN;
  if (secretArn) {
    const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!answer.SecretString) throw new Error('The first super user secret is empty');
    return { password: answer.SecretString, generated: false, secretArn };
  }
  if (process.env.ADMIN_PASSWORD) return { password: process.env.ADMIN_PASSWORD, generated: false };
  // Outside the local runtime a generated password would have nowhere safe to go.
  if (process.env.APP_STAGE !== 'local') throw new Error('ADMIN_PASSWORD_SECRET_ARN is not set');
  return { password: randomBytes(12).toString('base64url'), generated: true };
}

/**
 * First start: the platform's own company (id 1), a default plan and the super user, with the
 * e-mail from ADMIN_EMAIL and the password from firstPassword(). Safe to run on every start and
 * every deploy: it changes nothing once the platform company exists, and then reads no secret.
 */
export const handler = observed(async (): Promise<BootstrapResult> => {
  if (await getCompany(platformCompanyId)) return { created: false };
  const plan = (await listPlans())[0] ?? (await createDefaultPlan());
  const email = (process.env.ADMIN_EMAIL || 'admin@atende.local').trim().toLowerCase();
  if (await getUserByEmail(email)) return { created: false };
  const { password, generated, secretArn } = await firstPassword();
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
  if (secretArn) {
    // Where to read the password, never the password (docs/deploy.md).
    logger.info('First start: super user created; its password is in the secret', { email, passwordSecretArn: secretArn });
    return { created: true, email, passwordSecretArn: secretArn };
  }
  return generated ? { created: true, email, generatedPassword: password } : { created: true, email };
});

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
