/** A non-2xx answer of the API. `code` is the `error` field of the body (`ERR_...`) when there is one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

export function errorCodeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    return typeof error === 'string' && error ? error : undefined;
  }
  return undefined;
}
