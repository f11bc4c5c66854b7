/**
 * What the counted usage of one request (or one inbound message) would cost in AWS, at public
 * on-demand prices, and the share of each service.
 *
 * Prices: us-east-1, USD, on-demand, free tiers left out, from the AWS pricing pages of DynamoDB
 * (on-demand throughput, Standard table class, as cut on 2024-11-01), Lambda (ARM64, the first
 * tier), API Gateway (REST requests, first 333 million; WebSocket messages, first billion, per
 * 32 KB), SQS (FIFO requests, the dearer of the two kinds, per 64 KB) and EventBridge Scheduler
 * (invocations). Written down on 2026-11-28 from those pages as last read; this machine cannot
 * reach them to check, so check them before quoting a figure.
 *
 * Not counted: DynamoDB Streams reads by Lambda (free), storage, WebSocket connection minutes,
 * data transfer, CloudWatch logs, the connector's Fargate task and the WAF.
 */
import type { BilledUsage } from './usage.ts';

export const prices = {
  /** DynamoDB on-demand: per write request unit (1 KB written; a transactional write counts 2). */
  dynamoWriteUnit: 0.625 / 1e6,
  /** DynamoDB on-demand: per read request unit (4 KB strongly consistent; eventually consistent is half, transactional 2). */
  dynamoReadUnit: 0.125 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  /** ARM64 (infra/lib/lambda-defaults.ts), per GB-second. */
  lambdaGbSecond: 0.0000133334,
  restRequest: 3.5 / 1e6,
  websocketMessage: 1.0 / 1e6,
  sqsRequest: 0.5 / 1e6,
  schedulerInvocation: 1.0 / 1e6,
} as const;

export const costParts = ['dynamodb', 'lambda', 'restApi', 'websocket', 'sqs', 'scheduler'] as const;
export type CostPart = (typeof costParts)[number];

export const costPartLabels: Record<CostPart, string> = {
  dynamodb: 'DynamoDB',
  lambda: 'Lambda',
  restApi: 'API Gateway REST',
  websocket: 'WebSocket',
  sqs: 'SQS',
  scheduler: 'Scheduler',
};

export interface Cost {
  /** USD for 100,000 of these requests (or messages). */
  usdPer100k: number;
  /** USD per 100,000, by service. */
  parts: Record<CostPart, number>;
  /** Each service's share of the total (0–1). */
  shares: Record<CostPart, number>;
}

/** `restRequests`: API Gateway REST requests per unit of work (1 for an HTTP operation, 0 for an inbound message). */
export function costOf(usage: BilledUsage, restRequests: number): Cost {
  const per100k = 100_000;
  const parts: Record<CostPart, number> = {
    dynamodb: (usage.readUnits * prices.dynamoReadUnit + usage.writeUnits * prices.dynamoWriteUnit) * per100k,
    lambda:
      (usage.lambdaInvocations * prices.lambdaRequest + usage.lambdaGbSeconds * prices.lambdaGbSecond) *
      per100k,
    restApi: restRequests * prices.restRequest * per100k,
    websocket: usage.socketMessages * prices.websocketMessage * per100k,
    sqs: usage.sqsRequests * prices.sqsRequest * per100k,
    scheduler: usage.schedulerInvocations * prices.schedulerInvocation * per100k,
  };
  const total = Object.values(parts).reduce((sum, value) => sum + value, 0);
  const shares = Object.fromEntries(
    costParts.map((part) => [part, total > 0 ? parts[part] / total : 0]),
  ) as Record<CostPart, number>;
  return { usdPer100k: total, parts, shares };
}

/** "$1.23 (DynamoDB 61 %, Lambda 30 %, …)": the parts of at least 1 %, largest first. */
export function costText(cost: Cost): string {
  const parts = costParts
    .filter((part) => cost.shares[part] >= 0.01)
    .sort((a, b) => cost.shares[b] - cost.shares[a])
    .map((part) => `${costPartLabels[part]} ${Math.round(cost.shares[part] * 100)} %`);
  return `$${cost.usdPer100k.toFixed(2)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}
