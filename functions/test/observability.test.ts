import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * functions/src/observability: correlation keys per scope (never leaking between invocations run
 * at once, as the local runtime runs them), masked numbers, and counts written once per
 * invocation in EMF.
 */
let printed: string[];

beforeEach(() => {
  vi.resetModules();
  // Powertools' development mode prints through the global console (functions/test/unit-env.ts);
  // metrics are turned on explicitly here.
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'atende/unit');
  printed = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void printed.push(args.map(String).join(' ')),
    );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const lines = () => printed.map((text) => JSON.parse(text) as Record<string, unknown>);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('correlation keys', () => {
  it('are on every line of their scope, and two scopes at once keep their own', async () => {
    const { withCorrelation, appendCorrelation } = await import('../src/observability/correlation.ts');
    const { logger } = await import('../src/observability/logger.ts');
    const work = (correlationId: string, companyId: number) =>
      withCorrelation({ correlationId }, async () => {
        await tick();
        appendCorrelation({ companyId });
        await tick();
        logger.info('working', { step: 1 });
      });
    await Promise.all([work('req-a', 1), work('req-b', 2)]);
    logger.info('outside');
    const [first, second, outside] = [
      lines().find((line) => line.correlationId === 'req-a'),
      lines().find((line) => line.correlationId === 'req-b'),
      lines().find((line) => line.message === 'outside'),
    ];
    expect(first).toMatchObject({ level: 'INFO', message: 'working', companyId: 1, step: 1 });
    expect(second).toMatchObject({ level: 'INFO', message: 'working', companyId: 2, step: 1 });
    expect(outside?.correlationId).toBeUndefined();
    expect(outside?.companyId).toBeUndefined();
  });

  it('take only well-formed correlation ids back from items and messages', async () => {
    const { validCorrelationId } = await import('../src/observability/correlation.ts');
    expect(validCorrelationId('eb72463d-1130-44c8-922a-0f560f93faa9')).toBe(
      'eb72463d-1130-44c8-922a-0f560f93faa9',
    );
    for (const bad of ['', 'a b', 'x'.repeat(101), '{"$ne":1}', 12, undefined])
      expect(validCorrelationId(bad)).toBeUndefined();
  });

  it('mask a phone number or JID to its last four digits', async () => {
    const { maskPhone } = await import('../src/observability/correlation.ts');
    expect(maskPhone('5511970002801')).toBe('…2801');
    expect(maskPhone('5511970002801@s.whatsapp.net')).toBe('…2801');
    expect(maskPhone('12')).toBe('…');
    expect(maskPhone(undefined)).toBeUndefined();
  });
});

describe('metrics', () => {
  it('write each count once at the end of the invocation, summed per name and dimensions', async () => {
    const { observed } = await import('../src/observability/entry.ts');
    const { countMetric } = await import('../src/observability/metrics.ts');
    const handler = observed(async () => {
      countMetric('MessagesIn', { companyId: 7, connectionId: 1 });
      countMetric('MessagesIn', { companyId: 7, connectionId: 1 });
      countMetric('MessagesIn', { companyId: 8, connectionId: 3 });
      expect(printed).toEqual([]);
      return 'done';
    });
    expect(await handler()).toBe('done');
    const emf = lines().filter((line) => '_aws' in line);
    expect(emf).toHaveLength(2);
    expect(emf.find((line) => line.companyId === '7')).toMatchObject({ MessagesIn: 2, connectionId: '1' });
    expect(emf.find((line) => line.companyId === '8')).toMatchObject({ MessagesIn: 1, connectionId: '3' });
    const [metricsBlock] = (
      emf[0]!._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] }
    ).CloudWatchMetrics;
    expect(metricsBlock!.Namespace).toBe('atende/unit');
    expect(metricsBlock!.Dimensions[0]!.sort()).toEqual(['companyId', 'connectionId', 'service']);
    // Nothing counted: nothing written.
    printed = [];
    await observed(async () => undefined)();
    expect(printed).toEqual([]);
  });

  it('count a REST answer of 400 or more per route, with one request line', async () => {
    const { observedRequest } = await import('../src/http/request-observation.ts');
    const { appendCorrelation } = await import('../src/observability/correlation.ts');
    const handler = observedRequest(async () => {
      appendCorrelation({ route: 'POST /messages/{ticketId}' });
      return { statusCode: 403, body: '{"error":"ERR_NO_PERMISSION"}' };
    });
    const event = { httpMethod: 'POST', requestContext: { requestId: 'req-403' } } as never;
    expect((await handler(event, { awsRequestId: 'lambda-1' } as never)).statusCode).toBe(403);
    const request = lines().find((line) => line.message === 'request');
    expect(request).toMatchObject({
      correlationId: 'req-403',
      requestId: 'req-403',
      route: 'POST /messages/{ticketId}',
      status: 403,
      method: 'POST',
    });
    const emf = lines().find((line) => '_aws' in line);
    expect(emf).toMatchObject({ Rest4xx: 1, route: 'POST /messages/{ticketId}' });
  });
});
