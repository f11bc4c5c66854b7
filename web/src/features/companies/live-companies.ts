import { removeById, upsertById } from '../../lib/merge-by-id.ts';
import type { Company } from './api/get-companies.ts';

/** The live `company` event for super users' table: `{ action, company }` (delete may carry only the id). */
export function applyCompanyEvent(list: Company[] | undefined, data: unknown): Company[] | undefined {
  if (!list || !data || typeof data !== 'object') return list;
  const { action, company, companyId } = data as { action?: string; company?: Company; companyId?: number };
  if (action === 'delete') {
    const id = company?.id ?? companyId;
    return id === undefined ? list : removeById(list, id);
  }
  if ((action === 'create' || action === 'update') && company?.id !== undefined) return upsertById(list, company);
  return list;
}
