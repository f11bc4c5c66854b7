import { type ErrorCode, statusOf } from '@atende/shared/errors';

/**
 * An error the API answers as `{ "error": code, ...details }` with the catalogue's status.
 * Domain code throws it; the HTTP error handler turns it into the response.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  /** Response headers the answer needs (Retry-After on a 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    details?: Record<string, unknown>,
    status?: number,
    headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? statusOf(code);
    this.details = details;
    this.headers = headers;
  }
}

export function fail(code: ErrorCode, details?: Record<string, unknown>): never {
  throw new AppError(code, details);
}

/** What `read` found, or the catalogue's not-found answer (`code`, ERR_NOT_FOUND unless given) when nothing. */
export async function foundOr<T>(read: Promise<T | null | undefined>, code: ErrorCode = 'ERR_NOT_FOUND'): Promise<T> {
  const value = await read;
  if (value === undefined || value === null) throw new AppError(code);
  return value;
}
