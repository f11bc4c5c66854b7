import { recordReader } from '../../../lib/record-api.ts';
import type { Company } from './get-companies.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

const companyReader = recordReader<Company>('/companies', companiesQueryKeys.detail);

/** GET /companies/{id}: the own company (its hours) or, for super users, any. */
export const getCompany = companyReader.get;
export const companyQueryOptions = companyReader.queryOptions;
export const useCompany = companyReader.useRecord;
