/**
 * Money and dates as the invoice and checkout screens show them (extended §9): invoices and the
 * review step in reais (R$, pt-BR), the plan prices of checkout in euros with the es-ES format.
 */
const real = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const euro = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

export function formatReal(value: number): string {
  return real.format(value);
}

export function formatEuro(value: number): string {
  return euro.format(value);
}

/** yyyy-MM-dd (or an ISO instant) as DD/MM/YYYY, without moving the day through time zones. */
export function formatDueDate(dueDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : dueDate;
}
