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
