/**
 * The one Logger of every function (Powertools for AWS Lambda): JSON lines on stdout, read by
 * CloudWatch Logs in AWS and printed by the local runtime. Each line carries the correlation keys
 * of the work in hand (correlation.ts) next to Powertools' own fields (level, message,
 * timestamp, service, cold_start, function_name, function_request_id, xray_trace_id).
 *
 * Service name and level come from POWERTOOLS_SERVICE_NAME and POWERTOOLS_LOG_LEVEL, set for
 * every function by infra/lib/lambda-function.ts (and the local runtime's env).
 */
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { correlationKeys } from './correlation.ts';

class CorrelatedFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
        ...correlationKeys(),
      },
    }).addAttributes(additional);
  }
}

export const logger = new Logger({ logFormatter: new CorrelatedFormatter() });

/** An error for a log line: its name and message (stack traces only for unexpected failures). */
export function errorFields(error: unknown): { error: string } {
  return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
