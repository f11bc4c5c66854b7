import { useMutation } from '@tanstack/react-query';
import { contactsCsvExport } from '@atende/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { downloadName, saveBlob } from '../../../lib/download.ts';

/** GET /contacts/export with the session's token, saved as the CSV (extended §9: contatos.csv). */
export async function exportContacts(): Promise<string> {
  const { blob, filename } = await api.download('/contacts/export');
  const name = downloadName(filename, contactsCsvExport.filename);
  saveBlob(blob, name);
  return name;
}

export function useExportContacts() {
  return useMutation({ mutationFn: exportContacts });
}
