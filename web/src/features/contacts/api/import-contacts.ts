import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactImportLimits, type ContactImportResult } from '@atende/shared/entities/contact';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';

export type { ContactImportResult };

/**
 * POST /contacts/import: the CSV as multipart `file` (the export's format, `;` or `,`). Answers
 * `{ created, skipped, invalid: [{ line, reason }] }`; 413 ERR_PAYLOAD_TOO_LARGE above 4 MB.
 */
export function importContacts(file: Blob, name = 'contactos.csv'): Promise<ContactImportResult> {
  const form = new FormData();
  form.append(contactImportLimits.field, file, name);
  return api.post<ContactImportResult>('/contacts/import', form);
}

/** The lists reload afterwards (the contacts' live events may arrive in many small steps). */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importContacts(file, file.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.lists() }),
  });
}
