import { errorText, t } from '../i18n/index.ts';
import { ApiError } from './api-error.ts';
import { toast } from './toast.ts';

/**
 * The text shown for a failure (core §8): a known code gets its catalogue text, an unknown code is
 * shown raw, a string is shown as it is, anything else gets a generic message.
 */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code ? (errorText(error.code) ?? error.code) : t('toast.genericError');
  }
  if (typeof error === 'string' && error.trim()) return error;
  // Bodies passed on as they are (for instance from a live event) carry the code in `error`.
  if (
    error &&
    typeof error === 'object' &&
    'error' in error &&
    typeof error.error === 'string' &&
    error.error
  ) {
    return errorText(error.error) ?? error.error;
  }
  return t('toast.genericError');
}

/** Logs the failure for support and shows its translated text as an error toast. */
export function toastError(error: unknown): void {
  console.error(error);
  toast.error(errorMessageOf(error));
}
