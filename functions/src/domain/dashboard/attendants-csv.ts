/**
 * GET /dashboard/attendants.csv: the period's per-agent figures, `;`-separated like the contacts
 * export, with Spanish column names and decimal commas (what a spreadsheet set to Spanish reads
 * from a `;` file). A byte-order mark lets spreadsheets read the accents as UTF-8.
 */
import { csvField } from '../csv.ts';
import type { AttendantRow } from './figures.ts';
import type { DayPeriod } from './period.ts';

export const attendantsCsvColumns = [
  'Nombre',
  'Conversaciones finalizadas',
  'Tiempo medio de atención (min)',
  'Tiempo medio de primera respuesta (min)',
  'Valoración media (1 a 3)',
  'Valoraciones',
  'En línea',
] as const;

const byteOrderMark = '\uFEFF';

/** A number with a decimal comma and at most two decimals. */
export function csvNumber(value: number): string {
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

export function attendantsCsv(rows: readonly AttendantRow[]): string {
  const lines = [
    attendantsCsvColumns.join(';'),
    ...rows.map((row) =>
      [
        csvField(row.name),
        String(row.tickets),
        csvNumber(row.avgSupportTime),
        csvNumber(row.avgFirstResponseTime),
        row.rating === null ? '' : csvNumber(row.rating),
        String(row.ratings),
        row.online ? 'Sí' : 'No',
      ].join(';'),
    ),
  ];
  return `${byteOrderMark}${lines.join('\n')}\n`;
}

/** The download's file name, with the period: atendentes_2025-01-01_2025-01-31.csv. */
export function attendantsCsvFileName(period: DayPeriod): string {
  return `atendentes_${period.from}_${period.to}.csv`;
}
