import type { EntityItem } from 'electrodb';
import { companyEntity, companyNameEntity } from './company-entity.ts';
import { releaseCompanyName, releaseCompanySignIn, replaceCompanyByPurgeMarker, type PurgeMarker } from './company-purge.ts';
import { settingEntity } from './setting-entity.ts';
import { writeAll } from './transaction.ts';
import { userEmailEntity } from './user-email-entity.ts';
import { userEntity } from './user-entity.ts';

export type CompanyRecord = EntityItem<typeof companyEntity>;

/** AP-CO-1: a company by id. */
export async function getCompany(id: number): Promise<CompanyRecord | undefined> {
  const { data } = await companyEntity.get({ id }).go();
  return data ?? undefined;
}

/**
 * AP-CO-2: every company, ordered by name (super users' administration only; bounded by the
 * number of client companies, read through gsi1, never a scan).
 */
export async function listAllCompanies(): Promise<CompanyRecord[]> {
  const { data } = await companyEntity.query.all({}).go({ pages: 'all' });
  return data;
}

/** AP-CO-3: whether a company name is taken. */
export async function companyIdWithName(nameKey: string): Promise<number | undefined> {
  const { data } = await companyNameEntity.get({ nameKey }).go();
  return data?.companyId;
}

export interface NewCompanyAdmin {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  /** Only the platform's own admin, created by the first-start bootstrap. */
  isSuper?: boolean;
  /** The admin's UI language (sign-up: the browser's, docs/i18n.md). */
  language?: 'es' | 'pt-BR' | 'en';
}

/**
 * AP-CO-4: create a company with its default settings and, when given, its first admin, all in
 * one transaction: a taken name or e-mail leaves nothing behind.
 */
export async function createCompany(
  company: Omit<CompanyRecord, 'createdAt' | 'updatedAt' | 'userCount'>,
  settings: Record<string, string>,
  admin?: NewCompanyAdmin,
): Promise<void> {
  await writeAll(
    { company: companyEntity, companyName: companyNameEntity, user: userEntity, userEmail: userEmailEntity, setting: settingEntity },
    ({ company: companies, companyName, user, userEmail, setting }) => [
      companies.create({ ...company, userCount: admin ? 1 : 0 }).commit(),
      companyName.create({ nameKey: company.nameKey, companyId: company.id }).commit(),
      ...(admin
        ? [
            userEmail.create({ email: admin.email, companyId: company.id, userId: admin.id }).commit(),
            user
              .create({
                companyId: company.id,
                id: admin.id,
                name: admin.name,
                email: admin.email,
                passwordHash: admin.passwordHash,
                profile: 'admin',
                isSuper: admin.isSuper ?? false,
                allTicket: 'enabled',
                queueIds: [],
                ...(admin.language ? { language: admin.language } : {}),
              })
              .commit(),
          ]
        : []),
      ...Object.entries(settings).map(([key, value]) => setting.put({ companyId: company.id, key, value }).commit()),
    ],
    ['ERR_DUPLICATED_NAME', 'ERR_DUPLICATED_NAME', ...(admin ? (['ERR_DUPLICATED_EMAIL'] as const) : [])],
  );
}

export type CompanyChanges = Partial<
  Pick<
    CompanyRecord,
    | 'name'
    | 'nameKey'
    | 'email'
    | 'phone'
    | 'planId'
    | 'status'
    | 'campaignsEnabled'
    | 'dueDate'
    | 'recurrence'
    | 'schedules'
    | 'billingName'
    | 'addressZipCode'
    | 'addressStreet'
    | 'addressState'
    | 'addressCity'
    | 'addressDistrict'
    | 'language'
  >
>;

/** AP-CO-5: change a company; a new name is claimed and the old one released atomically. */
export async function updateCompany(current: CompanyRecord, changes: CompanyChanges, removeDueDate = false): Promise<void> {
  const renamed = changes.nameKey !== undefined && changes.nameKey !== current.nameKey;
  await writeAll(
    { company: companyEntity, companyName: companyNameEntity },
    ({ company, companyName }) => {
      const patch = company.patch({ id: current.id }).set(changes);
      const companyUpdate = removeDueDate ? patch.remove(['dueDate']).commit() : patch.commit();
      return renamed
        ? [
            companyUpdate,
            companyName.create({ nameKey: changes.nameKey!, companyId: current.id }).commit(),
            companyName.delete({ nameKey: current.nameKey }).commit(),
          ]
        : [companyUpdate];
    },
    ['ERR_NO_COMPANY_FOUND', 'ERR_DUPLICATED_NAME', undefined],
  );
}

/**
 * AP-CO-6: delete a company. Its item is replaced by the purge marker (data/company-purge.ts),
 * so it is gone for every reader at once, and its users' e-mail claims, their sessions and the
 * company's name claim are released: nobody can sign in to it and its name is free. The rest of
 * its data (every partition listed in domain/company-partitions.ts, its media) is deleted by the
 * queued purge (modules/company-purge). Undefined when the company item was already gone.
 */
export async function deleteCompany(company: CompanyRecord): Promise<PurgeMarker | undefined> {
  const marker = await replaceCompanyByPurgeMarker(company);
  if (!marker) return undefined;
  await releaseCompanySignIn(company.id);
  await releaseCompanyName(company.id, company.nameKey);
  return marker;
}
