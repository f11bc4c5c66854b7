import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/domain/app-error.ts';
import { errorResponse } from '../src/http/error-response.ts';
import { logger } from '../src/observability/logger.ts';

describe('errorResponse', () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers a service's known refusal with its code and logs it as a warning, without a stack", () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const answer = errorResponse(new AppError('ERR_EDIT_WAPP_MSG'), 'req-1');
    expect(answer.statusCode).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ error: 'ERR_EDIT_WAPP_MSG' });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.any(String), { lambdaRequestId: 'req-1', error: 'ERR_EDIT_WAPP_MSG' });
  });

  it('answers an unknown failure with ERR_INTERNAL and logs it as an error with its stack', () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const answer = errorResponse(new Error('boom'), 'req-2');
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({ error: 'ERR_INTERNAL' });
    expect(error).toHaveBeenCalledWith('unexpected error', {
      lambdaRequestId: 'req-2',
      error: expect.objectContaining({ message: 'boom', stack: expect.any(String) }),
    });
  });
});
