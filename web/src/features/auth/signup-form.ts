/**
 * The sign-up form's values; signupInputSchema (the route's body schema) checks them (core §5:
 * company name 2 to 50, e-mail valid and required, Correo inválido / Requerido, password 5 to 50,
 * phone at most 11 digits, plan required). The phone goes to the API as digits.
 */
export interface SignupFormValues {
  name: string;
  email: string;
  /** As shown, with the (99) 99999-9999 mask. */
  phone: string;
  password: string;
  /** The select's value; '' until a plan is chosen. */
  planId: string;
}

/** A plan id from the query string (?planId=), when it names one of the offered plans. */
export function planIdFromQuery(search: URLSearchParams, planIds: readonly number[]): string {
  const wanted = search.get('planId');
  return wanted && planIds.some((id) => String(id) === wanted) ? wanted : '';
}

/**
 * The referring company of a sign-up link (`?companyId=`, core §2 routes; docs/decisions.md,
 * "Sign-up: the companyId of the link is a referral"): a positive whole number, else none. The
 * server keeps it only when that company exists.
 */
export function referrerFromQuery(search: URLSearchParams): number | undefined {
  const raw = search.get('companyId')?.trim() ?? '';
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
}

