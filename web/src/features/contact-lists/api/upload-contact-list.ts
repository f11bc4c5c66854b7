import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactListImportReport } from './types.ts';

/** The files the import reads (extended §5: .xls and .xlsx; CSV too). */
export const contactListImportAccept = '.xls,.xlsx,.csv';
export const contactListImportMaxBytes = 10 * 1024 * 1024;

/** POST /contact-lists/{id}/upload: multipart `file`; answers the per-row report at once. */
export function uploadContactList(id: number, file: File): Promise<ContactListImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ContactListImportReport>(`/contact-lists/${id}/upload`, form);
}

export function useUploadContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadContactList(id, file),
    onSuccess: (report) =>
      queryClient.setQueryData(contactListsQueryKeys.one(report.contactList.id), report.contactList),
  });
}
