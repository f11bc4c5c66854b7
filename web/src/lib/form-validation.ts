import type * as z from 'zod';
import { t } from '../i18n/index.ts';
import { ApiError } from './api-error.ts';

export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Runs a shared zod schema over a form's values. The messages are the schema's, i.e. the spec's
 * Spanish texts (Requerido, muy corto, Correo inválido…) with the limit a length text leaves out;
 * one message per field, the first one.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    errors[field] ??= issueText(issue);
  }
  return { ok: false, errors };
}

/**
 * An issue's text. The spec's length texts (muy corto, muy largo!, Mensaje muy corto…) do not say
 * the limit, so a length issue of a text gets it appended, keeping the spec's words first; a text
 * that already names a number, and `min(1)` (which says Requerido), stay as they are.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const { message } = issue;
  if (/\d/.test(message)) return message;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) > 1) {
    return t('validation.withMin', { message, min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('validation.withMax', { message, max: Number(issue.maximum) });
  }
  return message;
}

/** The field messages of a 400 ERR_VALIDATION answer (`issues: [{ path, message }]`), if any. */
export function apiFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION') return undefined;
  const issues = (error.body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return undefined;
  const errors: FieldErrors = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const path = Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path ?? '');
    if (path && typeof issue.message === 'string') errors[path] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
