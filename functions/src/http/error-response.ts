import * as z from 'zod';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ErrorBody, ErrorCode } from '@atende/shared/errors';
import { AppError } from '#domain/app-error';
import { logger } from '#observability/logger';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Statuses that middy and its parsers raise, mapped onto the catalogue. */
const codeForHttpStatus: Record<number, ErrorCode> = {
  400: 'ERR_VALIDATION',
  404: 'ERR_ROUTE_NOT_FOUND',
  405: 'ERR_METHOD_NOT_ALLOWED',
  413: 'ERR_PAYLOAD_TOO_LARGE',
  415: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  422: 'ERR_VALIDATION',
};

export function zodIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Every failure becomes `{ "error": "ERR_..." }` with the catalogue's status. Unknown errors are
 * logged with the request id and answered as ERR_INTERNAL, never with a stack trace.
 */
export function errorResponse(error: unknown, requestId: string): APIGatewayProxyResult {
  let status = 500;
  let body: ErrorBody = { error: 'ERR_INTERNAL' };
  let headers: Record<string, string> = jsonHeaders;
  if (error instanceof AppError) {
    status = error.status;
    body = { ...error.details, error: error.code };
    if (error.headers) headers = { ...jsonHeaders, ...error.headers };
  } else if (error instanceof z.ZodError) {
    status = 400;
    body = { error: 'ERR_VALIDATION', issues: zodIssues(error) };
  } else if (isHttpError(error) && codeForHttpStatus[error.statusCode]) {
    status = error.statusCode === 422 ? 400 : error.statusCode;
    body = { error: codeForHttpStatus[error.statusCode]! };
  }
  if (status >= 500 && error instanceof AppError) {
    // A known refusal of a service the route depends on (WhatsApp would not edit or delete, an
    // integration is down): the caller was told which, and nothing here is broken.
    logger.warn('request refused by a service it depends on', { lambdaRequestId: requestId, error: error.code });
  } else if (status >= 500) {
    logger.error('unexpected error', { lambdaRequestId: requestId, error: describe(error) });
  }
  return { statusCode: status, headers, body: JSON.stringify(body) };
}

function isHttpError(error: unknown): error is { statusCode: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

function describe(error: unknown): unknown {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error;
}
