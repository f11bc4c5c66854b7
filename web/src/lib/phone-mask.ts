/** core §5 Sign-up: the phone is typed with the mask (99) 99999-9999, at most 11 digits. */
export const phoneMaxDigits = 11;

/** The digits of a phone as typed, cut to the mask's 11. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, phoneMaxDigits);
}

/**
 * Formats what has been typed so far with the mask, growing as the digits come:
 * `1` → `(1`, `119` → `(11) 9`, `11987654321` → `(11) 98765-4321`.
 */
export function maskPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 2);
  const first = digits.slice(2, 7);
  const last = digits.slice(7);
  if (digits.length <= 2) return `(${area}`;
  if (digits.length <= 7) return `(${area}) ${first}`;
  return `(${area}) ${first}-${last}`;
}
