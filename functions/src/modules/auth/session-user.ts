import { getCompany } from '#data/companies';
import { getPlan } from '#data/plans';
import { queueRefsByIds } from '#data/queues';
import { listSettings } from '#data/settings';
import type { UserRecord } from '#data/users';
import { publicCompany } from '../companies/serialize.ts';
import { publicUser } from '../users/serialize.ts';

/** The signed-in user as login, refresh and /auth/me answer it: with company, plan and settings. */
export async function sessionUser(user: UserRecord) {
  const [company, settings, queues] = await Promise.all([
    getCompany(user.companyId),
    listSettings(user.companyId),
    queueRefsByIds(user.companyId, user.queueIds ?? []),
  ]);
  const plan = company ? await getPlan(company.planId) : undefined;
  return publicUser(user, { company: company ? publicCompany(company, { plan, settings }) : undefined, queues });
}
