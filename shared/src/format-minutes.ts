/** Times in minutes are shown as hours and minutes (core §9), e.g. 90 → "1h 30m". */
export function formatMinutes(minutes: number): string {
  // Averages come fractional; negative or missing values mean "no data" and read as zero.
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}
