import { getContactList, importContactListRows, updateContactList } from '#data/contact-lists';
import { AppError } from '#domain/app-error';
import { contactListImportSteps } from '#domain/contact-list-import';
import { loadImportRows, removeImportRows } from './import-rows-store.ts';
import { sendContactListWork, type ContactListWork } from './work.ts';

const { rowsPerSlice, rowsPerStep } = contactListImportSteps;
/** Time kept back at the end of a step for the checkpoint and sending the next step. */
const marginMs = 20_000;

/**
 * One step of an import: writes slices of rows from the list's checkpoint (`importDone`, which
 * a redelivered step resumes from) until it has written `rowsPerStep` or its time is nearly up,
 * then sends the next step. The
 * last step marks the import done, removes the stored rows and starts the WhatsApp check.
 */
export async function runImportStep(
  work: Extract<ContactListWork, { kind: 'import' }>,
  remainingMs: number,
): Promise<void> {
  const deadline = Date.now() + remainingMs - marginMs;
  const { companyId, contactListId, importId, key } = work;
  const list = await getContactList(companyId, contactListId);
  // The list is gone, or a newer upload took over: this import has nothing left to do.
  if (!list || list.importId !== importId || list.importStatus !== 'running') {
    await removeImportRows(key);
    return;
  }
  const rows = await loadImportRows(key);
  if (!rows) return;
  let offset = Math.max(work.offset, list.importDone ?? 0);
  const stepEnd = offset + rowsPerStep;
  let created = list.importCreated ?? 0;
  let merged = list.importMerged ?? 0;
  let current = list;
  try {
    while (offset < rows.length && offset < stepEnd && Date.now() < deadline) {
      const slice = rows.slice(offset, offset + rowsPerSlice);
      // Every item of the list is this import's own, as checkpointed: no row of the rest can be
      // claimed yet (a slice written but not checkpointed makes the count larger, and is read).
      const skipClaimRead = (current.contactsCount ?? 0) === created;
      const written = await importContactListRows(companyId, contactListId, slice, importId, {
        skipClaimRead,
      });
      offset += slice.length;
      created += written.created;
      merged += written.merged;
      const done = offset >= rows.length;
      current = await updateContactList(
        companyId,
        contactListId,
        {
          importDone: offset,
          importCreated: created,
          importMerged: merged,
          ...(done ? { importStatus: 'done' as const } : {}),
        },
        importId,
      );
    }
  } catch (error) {
    // The list was deleted, or another upload took over, while this step ran.
    if (error instanceof AppError && error.code === 'ERR_NOT_FOUND') {
      await removeImportRows(key);
      return;
    }
    throw error;
  }
  if (offset < rows.length) {
    await sendContactListWork({ ...work, offset });
    return;
  }
  await removeImportRows(key);
  await sendContactListWork({ kind: 'check', companyId, contactListId, cursor: null });
}
