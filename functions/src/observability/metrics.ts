/**
 * Business metrics in CloudWatch's embedded metric format (EMF): one JSON line on stdout that
 * CloudWatch turns into metrics, no API call (Powertools Metrics). Namespace and service come from
 * POWERTOOLS_METRICS_NAMESPACE and POWERTOOLS_SERVICE_NAME (infra/lib/lambda-function.ts).
 *
 * Counts are tallied during an invocation and written once at its end (flushMetrics, called by
 * the entry wrappers): a stream batch of 100 messages of one connection writes one line, not 100.
 * Dimensions stay few (docs/decisions.md, "Metrics: dimensions"): companyId and connectionId only
 * on the per-company message counts and send failures, the route on REST errors.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'atende' });

/** The metric names, one list so alarms (infra) and code name the same ones. */
export const metricNames = {
  messagesIn: 'MessagesIn',
  messagesOut: 'MessagesOut',
  sendFailures: 'SendFailures',
  botTurns: 'BotTurns',
  botTurnFailures: 'BotTurnFailures',
  campaignRecipients: 'CampaignRecipients',
  scheduleLag: 'ScheduleLagMs',
  webhookDeliveries: 'WebhookDeliveries',
  webhookFailures: 'WebhookFailures',
  restClientErrors: 'Rest4xx',
  restServerErrors: 'Rest5xx',
} as const;

type Dimensions = Record<string, string | number>;

const tally = new Map<string, { name: string; dimensions: Dimensions; value: number }>();

/** Adds to a count written at the end of the invocation (one line per name and dimensions). */
export function countMetric(name: string, dimensions: Dimensions = {}, value = 1): void {
  const key = `${name}\u0000${JSON.stringify(dimensions)}`;
  const entry = tally.get(key);
  if (entry) entry.value += value;
  else tally.set(key, { name, dimensions, value });
}

/** One value written at once (a duration): its own EMF line. */
export function recordMetric(
  name: string,
  unit: 'Milliseconds' | 'Count',
  value: number,
  dimensions: Dimensions = {},
): void {
  const single = metrics.singleMetric();
  for (const [dimension, dimensionValue] of Object.entries(dimensions))
    single.addDimension(dimension, String(dimensionValue));
  single.addMetric(name, unit === 'Milliseconds' ? MetricUnit.Milliseconds : MetricUnit.Count, value);
}

/** Writes the invocation's tallied counts (the entry wrappers call it; nothing tallied, nothing written). */
export function flushMetrics(): void {
  const entries = [...tally.values()];
  tally.clear();
  for (const { name, dimensions, value } of entries) {
    const single = metrics.singleMetric();
    for (const [dimension, dimensionValue] of Object.entries(dimensions))
      single.addDimension(dimension, String(dimensionValue));
    single.addMetric(name, MetricUnit.Count, value);
  }
}
