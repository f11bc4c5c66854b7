import { defaultWeekHours } from '@atende/shared/entities/weekday-hours';
import type { Language } from '@atende/shared/language';
import { hashPassword } from '#auth/password';
import { createCompany, getCompany } from '#data/companies';
import { nextId } from '#data/ids';
import { getPlan } from '#data/plans';
import { AppError } from '#domain/app-error';
import { initialCompanySettings } from '#domain/company-settings';
import { nameKey } from '#domain/company-rules';
import { provisionCompany } from '#modules/messages/api-usage-provisioning';

export interface CompanyDraft {
  name: string;
  email?: string;
  phone?: string;
  planId: number;
  status: boolean;
  campaignsEnabled: boolean;
  dueDate?: string | null;
  recurrence: 'MENSUAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
  trialExpiration?: string;
  /** The referring company (sign-up link), already checked to exist. */
  referredBy?: number;
  /** The company's language (docs/i18n.md): sign-up, the browser's; absent: Spanish. */
  language?: Language;
}

/**
 * Creates a company with its default settings and, when an e-mail and password are given, its
 * first admin (named after the company, as the sign-up form has no person's name).
 */
export async function createCompanyWithAdmin(
  draft: CompanyDraft,
  admin?: { email: string; password: string; language?: Language },
) {
  const plan = await getPlan(draft.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  const id = await nextId('platform', 'company');
  await createCompany(
    {
      id,
      name: draft.name.trim(),
      nameKey: nameKey(draft.name),
      planId: draft.planId,
      status: draft.status,
      campaignsEnabled: draft.campaignsEnabled,
      recurrence: draft.recurrence,
      schedules: defaultWeekHours(),
      ...(draft.email ? { email: draft.email.toLowerCase() } : {}),
      ...(draft.phone ? { phone: draft.phone } : {}),
      ...(draft.dueDate ? { dueDate: draft.dueDate.slice(0, 10) } : {}),
      ...(draft.trialExpiration ? { trialExpiration: draft.trialExpiration } : {}),
      ...(draft.referredBy ? { referredBy: draft.referredBy } : {}),
      ...(draft.language ? { language: draft.language } : {}),
    },
    initialCompanySettings(draft.campaignsEnabled),
    admin
      ? {
          id: await nextId({ companyId: id }, 'user'),
          name: draft.name.trim(),
          email: admin.email.toLowerCase(),
          passwordHash: await hashPassword(admin.password),
          ...(admin.language ? { language: admin.language } : {}),
        }
      : undefined,
  );
  const company = await getCompany(id);
  if (!company) throw new AppError('ERR_INTERNAL');
  // Its external API key, in its plan's usage plan.
  await provisionCompany(id, plan);
  return company;
}
