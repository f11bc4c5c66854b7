/**
 * Around every REST module (restModule): the request's correlation scope (its API Gateway request
 * id is the correlation id it leaves on what it writes and sends), one log line per request
 * (route, status, duration; no path values beyond the ids, no query, no body), and the 4xx/5xx
 * counts per route. CPU only: no table or network call is added to a request.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { correlationKeys, validCorrelationId, withCorrelation } from '#observability/correlation';
import { logger } from '#observability/logger';
import { countMetric, flushMetrics, metricNames } from '#observability/metrics';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export function observedRequest(handler: Handler): Handler {
  return (event, context) => {
    if (context) logger.addContext(context);
    const requestId =
      validCorrelationId(event.requestContext?.requestId) ?? validCorrelationId(context?.awsRequestId);
    return withCorrelation({ correlationId: requestId, requestId }, async () => {
      const startedMs = performance.now();
      let status = 500;
      try {
        const response = await handler(event, context);
        status = response.statusCode;
        return response;
      } finally {
        const route = String(correlationKeys()?.route ?? 'unmatched');
        if (status >= 400)
          countMetric(status >= 500 ? metricNames.restServerErrors : metricNames.restClientErrors, { route });
        logger.info('request', {
          method: event.httpMethod,
          status,
          durationMs: Math.round(performance.now() - startedMs),
        });
        flushMetrics();
      }
    });
  };
}
