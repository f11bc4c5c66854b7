const pad = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY HH:mm (core §9) in the browser's time zone; '' for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
