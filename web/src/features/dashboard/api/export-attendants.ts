import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadName, saveBlob } from '../../../lib/download.ts';
import type { DashboardParams } from '../dashboard-filter.ts';

/** The name the export is saved under when the answer names none. */
export const attendantsCsvFallbackName = 'atendentes.csv';

/** GET /dashboard/attendants.csv for the applied filter, saved as a download. */
export async function exportAttendants(params: DashboardParams): Promise<string> {
  const { blob, filename } = await api.download('/dashboard/attendants.csv', params);
  const name = downloadName(filename, attendantsCsvFallbackName);
  saveBlob(blob, name);
  return name;
}

export function useExportAttendants() {
  return useMutation({ mutationFn: exportAttendants });
}
