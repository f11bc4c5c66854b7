/**
 * Charges reference their invoice as `<companyId>-<invoiceId>` (the provider's externalReference,
 * or the sandbox charge id), so a provider notification names the invoice it pays without any
 * lookup table.
 */
export function invoiceReference(companyId: number, invoiceId: number): string {
  return `${companyId}-${invoiceId}`;
}

export function parseInvoiceReference(
  reference: string | undefined | null,
): { companyId: number; invoiceId: number } | undefined {
  const match = /^(\d{1,12})-(\d{8})$/.exec(reference ?? '');
  if (!match) return undefined;
  return { companyId: Number(match[1]), invoiceId: Number(match[2]) };
}

/** The amount as the instant-payment result writes it (`valor.original`): two decimals, a dot. */
export function originalValue(value: number): string {
  return value.toFixed(2);
}

/** A charge issued for an invoice, as the invoice keeps it. */
export interface IssuedCharge {
  id: string;
  provider: string;
  value: number;
  payload: string;
  expiresAt?: string;
}

/** A QR code this close to its expiry is not shown again: the payer needs time to scan it. */
export const chargeReuseMarginMs = 10 * 60 * 1000;

/** Whether a charge's value covers the invoice's (values in reais; half a cent of float slack). */
export function chargeCovers(chargeValue: number, invoiceValue: number): boolean {
  return chargeValue + 0.005 >= invoiceValue;
}

/**
 * The open charge PAGAR shows again instead of asking the provider for another: the one shown
 * last, if it is the current provider's, still covers the invoice and is not about to expire.
 */
export function reusableCharge(
  invoice: { value: number; chargeId?: string; charges?: readonly IssuedCharge[] },
  provider: string,
  now: Date,
): IssuedCharge | undefined {
  const current = invoice.charges?.find((charge) => charge.id === invoice.chargeId);
  if (!current || current.provider !== provider || !chargeCovers(current.value, invoice.value))
    return undefined;
  if (current.expiresAt && Date.parse(current.expiresAt) - now.getTime() < chargeReuseMarginMs)
    return undefined;
  return current;
}

/**
 * Whether a confirmed payment of `chargeId` pays the invoice: the charge must be one issued for
 * it (any of them, not only the one shown last) and its value, and the value the provider
 * reports as paid when it reports one, must cover the invoice's. A charge recorded before the
 * list existed (only `chargeId`) was made for the invoice's value.
 */
export function chargePaysInvoice(
  invoice: { value: number; chargeId?: string; charges?: readonly IssuedCharge[] },
  chargeId: string,
  paidValue?: number,
): boolean {
  const issued = invoice.charges?.find((charge) => charge.id === chargeId);
  const value = issued ? issued.value : invoice.chargeId === chargeId ? invoice.value : undefined;
  if (value === undefined || !chargeCovers(value, invoice.value)) return false;
  return paidValue === undefined || chargeCovers(paidValue, invoice.value);
}
