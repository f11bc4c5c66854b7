import type * as z from 'zod';
import { ApiError } from './api-error.ts';

export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Runs a shared zod schema over values outside a dialog (a settings tab, a unit test). The
 * messages are the schema's as they are, i.e. the spec's Spanish texts (Requerido, muy corto,
 * Correo inválido…), exactly what the API answers for the same value; one message per field, the
 * first one. Dialogs use components/form/use-schema-form.ts, which runs the same schemas.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
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
