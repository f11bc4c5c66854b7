import type { CompanyCreateInput } from '@atende/shared/entities/company';
import type { Company } from './get-companies.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const companySaver = recordSaver<CompanyCreateInput, Company>('/companies', companiesQueryKeys.all);

export const createCompany = companySaver.create;
export const updateCompany = companySaver.update;
/** POST /companies or PUT /companies/{id}; the lists reload. */
export const useSaveCompany = companySaver.useSave;
