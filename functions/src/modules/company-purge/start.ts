import { deleteCompany, getCompany } from '#data/companies';
import { releaseCompanyName, releaseCompanySignIn, restartPurge } from '#data/company-purge';
import { AppError } from '#domain/app-error';
import { enqueuePurgeStep } from './enqueue.ts';

/**
 * DELETE /companies/{id}: the company disappears at once (its item replaced by the purge marker,
 * its users' e-mails and sessions released) and its data goes in queued steps. A company whose
 * purge is already under way (or stopped half-way) is purged again from the first phase.
 */
export async function deleteCompanyAndPurge(companyId: number): Promise<void> {
  const company = await getCompany(companyId);
  let marker = company ? await deleteCompany(company) : undefined;
  if (!marker) {
    marker = await restartPurge(companyId);
    if (!marker) throw new AppError('ERR_NO_COMPANY_FOUND');
    await releaseCompanySignIn(companyId);
    if (marker.nameKey) await releaseCompanyName(companyId, marker.nameKey);
  }
  await enqueuePurgeStep(companyId, marker.round);
}
