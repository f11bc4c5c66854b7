/**
 * What the counted usage of one request (or one inbound message) would cost in AWS, at public
 * on-demand prices, and the share of each service.
 *
 * Prices: infra/cost/prices.ts (`usagePrices`: us-east-1, USD, on-demand, free tiers left out,
 * with their source pages and the date they were written down), the same the cost model of
 * docs/cost.md uses.
 *
 * Not counted: DynamoDB Streams reads by Lambda (free), storage, WebSocket connection minutes,
 * data transfer, CloudWatch logs, the connector's Fargate task and the WAF.
 */
import { usagePrices } from '../../cost/prices.ts';
import type { BilledUsage } from './usage.ts';

export const prices = usagePrices;

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
