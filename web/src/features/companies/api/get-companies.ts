import type { Company } from '@atende/shared/entities/company';
import { listReader } from '../../../lib/record-api.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

export type { Company };

// core §8: a failed load reads 'Não foi possível carregar a lista de registros' (shown by the screen).
const companiesReader = listReader<Company>('/companies/list', companiesQueryKeys.list(), { meta: { silent: true } });

/** GET /companies/list (super users): every company, for the administration table. */
export const getCompanies = companiesReader.get;
export const companiesQueryOptions = companiesReader.queryOptions;
export const useCompanies = companiesReader.useList;
