import { currentLocale } from '../../i18n/index.ts';
import { calendarDayOf } from '../../lib/company-status.ts';
import type { Company } from './api/get-companies.ts';

/**
 * The company administration form (core §2, §7) as its inputs hold it; companyCreateInputSchema
 * (the route's body schema) checks it: name 2 to 50 and a plan required, an empty due date is null.
 */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: 'true' | 'false';
  campaignsEnabled: 'true' | 'false';
  /** yyyy-MM-dd or '' (sent as null, core §4). */
  dueDate: string;
  recurrence: string;
  /** The company's language (docs/i18n.md): '' keeps none (Spanish defaults). */
  language: string;
}

export function emptyCompanyForm(): CompanyFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    planId: '',
    status: 'true',
    campaignsEnabled: 'true',
    dueDate: '',
    recurrence: 'MENSUAL',
    language: currentLocale(),
  };
}

/** Whether campaigns are on: the company field when present, else its campaignsEnabled setting. */
export function companyCampaignsEnabled(company: Pick<Company, 'campaignsEnabled' | 'settings'>): boolean {
  if (typeof company.campaignsEnabled === 'boolean') return company.campaignsEnabled;
  return company.settings?.some((row) => row.key === 'campaignsEnabled' && row.value === 'true') ?? false;
}

export function companyFormOf(company: Company): CompanyFormValues {
  return {
    name: company.name,
    email: company.email ?? '',
    phone: company.phone ?? '',
    planId: company.planId ? String(company.planId) : '',
    status: company.status === false ? 'false' : 'true',
    campaignsEnabled: companyCampaignsEnabled(company) ? 'true' : 'false',
    dueDate: calendarDayOf(company.dueDate) ?? '',
    recurrence: company.recurrence ?? 'MENSUAL',
    language: company.language ?? '',
  };
}

