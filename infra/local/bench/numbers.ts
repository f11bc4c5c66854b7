/**
 * The WhatsApp numbers the bench's phases give the contacts they make through the API.
 *
 * Area code 00 exists nowhere, so no seeded contact (shape.ts draws real area codes) has one;
 * then one digit per phase, so two phases of the same runtime never make the same number; then
 * the row's index. The phases used to put `Date.now() % 1000` where the phase digit is: the
 * campaign's 1,000 rows all took one millisecond's prefix, each schedule contact a new one, so
 * about one run in two a schedule contact drew the campaign's prefix and got the number of the
 * campaign contact with its index (HTTP 409 ERR_DUPLICATED_CONTACT, "contact 991").
 */
export const phaseDigits = { campaign: 1, schedules: 2 } as const;

export type NumberedPhase = keyof typeof phaseDigits;

/** Up to 10^8 rows per phase; 13 digits, like a Brazilian mobile number. */
export function phaseNumber(phase: NumberedPhase, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 1e8)
    throw new Error(`phaseNumber: index ${index} out of range`);
  return `5500${phaseDigits[phase]}${String(index).padStart(8, '0')}`;
}
