import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@atende/shared/errors';
import { t } from '../i18n/index.ts';
import { ApiError } from './api-error.ts';
import { errorMessageOf, toastError } from './toast-error.ts';
import { toastStore } from './toast.ts';

describe('errorMessageOf (core §8)', () => {
  it('translates a known code to its catalogue text', () => {
    const error = new ApiError(401, 'ERR_INVALID_CREDENTIALS', { error: 'ERR_INVALID_CREDENTIALS' });
    expect(errorMessageOf(error)).toBe(errorCatalogue.ERR_INVALID_CREDENTIALS.es);
  });

  it('has a Spanish text for every code of the shared catalogue', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(errorMessageOf(new ApiError(entry.status, code, { error: code }))).toBe(entry.es);
    }
  });

  it('shows an unknown code as it is', () => {
    expect(errorMessageOf(new ApiError(400, 'ERR_SOMETHING_NEW', {}))).toBe('ERR_SOMETHING_NEW');
  });

  it('shows a string as it is', () => {
    expect(errorMessageOf('Acceso no permitido')).toBe('Acceso no permitido');
  });

  it('reads the code of a bare error body', () => {
    expect(errorMessageOf({ error: 'ERR_NO_PERMISSION' })).toBe(errorCatalogue.ERR_NO_PERMISSION.es);
  });

  it('falls back to a generic message for anything else', () => {
    const generic = t('toast.genericError');
    expect(errorMessageOf(new ApiError(500, undefined, 'oops'))).toBe(generic);
    expect(errorMessageOf(new TypeError('Failed to fetch'))).toBe(generic);
    expect(errorMessageOf(undefined)).toBe(generic);
    expect(errorMessageOf('')).toBe(generic);
  });
});

describe('toastError', () => {
  afterEach(() => {
    for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
    vi.useRealTimers();
  });

  it('logs the failure and shows its text as an error toast that closes after 3000 ms', () => {
    vi.useFakeTimers();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new ApiError(404, 'ERR_NO_CONTACT_FOUND', { error: 'ERR_NO_CONTACT_FOUND' });
    toastError(error);
    expect(consoleError).toHaveBeenCalledWith(error);
    expect(toastStore.getSnapshot()).toEqual([
      { id: expect.any(Number), kind: 'error', message: errorCatalogue.ERR_NO_CONTACT_FOUND.es },
    ]);
    vi.advanceTimersByTime(2999);
    expect(toastStore.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getSnapshot()).toHaveLength(0);
    consoleError.mockRestore();
  });
});

describe('t', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('app.greeting', { name: 'Ana' })).toBe('Hola, Ana');
    expect(t('app.version', {})).toBe('Versión {version}');
  });
});
