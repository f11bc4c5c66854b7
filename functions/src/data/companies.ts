import type { EntityItem } from 'electrodb';
import { companyEntity, companyNameEntity } from './company-entity.ts';

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
