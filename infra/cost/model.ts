/**
 * The cost model of docs/cost.md: the platform's fixed monthly floor (from the synthesized
 * template's inventory), an idle company, and the cost per 100,000 inbound messages and per
 * 100,000 replies (from the bench's counted calls), at the prices of prices.ts; side by side with
 * one VM plus managed Postgres and Redis at the same traffic. Pure: the script (main.ts) and the
 * test (infra/test/cost-model.test.ts) give it the template and the counted usage.
 */
import { streamConsumers } from '../../functions/src/manifest.ts';
import type { CountedUsage } from '../local/bench/counted-usage.ts';
import { billedUsage, type BilledUsage, type UsageCounts } from '../local/bench/usage.ts';
import { assumptions } from './assumptions.ts';
import type { FargateService, Inventory } from './inventory.ts';
import {
  hoursPerMonth,
  platformPrices as pp,
  secondsPerMonth,
  usagePrices as up,
  vmPrices,
} from './prices.ts';

export interface Line {
  item: string;
  detail: string;
  usd: number;
}

export interface Scenario {
  companies: number;
  inboundPerMonth: number;
  repliesPerMonth: number;
  connectorTasks: number;
  serverlessUsd: number;
  vms: number;
  vmUsd: number;
}

export interface CostModel {
  floor: Line[];
  idleCompany: Line[];
  per100kInbound: Line[];
  per100kReplies: Line[];
  vmFloor: Line[];
  vmPer100kInbound: Line[];
  vmPer100kReplies: Line[];
  scenarios: Scenario[];
  sessionsPerTask: number;
  sessionsPerTaskSource: string;
}

export const total = (lines: readonly Line[]): number => lines.reduce((sum, line) => sum + line.usd, 0);

const gbOfKb = (kb: number) => kb / (1024 * 1024);
const per100k = 100_000;
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function taskMonthly(service: FargateService): number {
  const rate = pp.fargate[service.architecture];
  return (service.vcpu * rate.vcpuHour + service.memoryGb * rate.gbHour) * hoursPerMonth;
}
const ipMonthly = pp.publicIpv4Hour * hoursPerMonth;

function sessionsPerTask(connector: FargateService | undefined): { value: number; source: string } {
  if (!connector) return { value: 0, source: 'no connector in the template' };
  if (connector.maxSessionsPerTask)
    return { value: connector.maxSessionsPerTask, source: "the task's MAX_SESSIONS setting" };
  const memoryMb = connector.memoryGb * 1024;
  const value = Math.max(
    1,
    Math.floor((memoryMb - assumptions.connectorBaselineMb) / assumptions.sessionMemoryMb),
  );
  return {
    value,
    source: `assumed: (${memoryMb} MB − ${assumptions.connectorBaselineMb} MB) / ${assumptions.sessionMemoryMb} MB a session`,
  };
}

function floorLines(inventory: Inventory): Line[] {
  const lines: Line[] = [];
  for (const service of inventory.fargate) {
    lines.push({
      item: 'Connector tasks (Fargate)',
      detail: `${service.tasks} × ${service.vcpu} vCPU, ${service.memoryGb} GB, ${service.architecture}, always on${
        service.maxTasks !== undefined ? ` (scales to ${service.maxTasks})` : ''
      }`,
      usd: service.tasks * taskMonthly(service),
    });
    if (service.publicIp)
      lines.push({
        item: 'Public IPv4 of the tasks',
        detail: `${service.tasks} × one address (the tasks reach WhatsApp without a NAT gateway)`,
        usd: service.tasks * ipMonthly,
      });
  }
  lines.push({
    item: 'NAT gateways',
    detail:
      inventory.natGateways === 0
        ? `none: public subnets; DynamoDB and S3 through ${inventory.gatewayEndpoints} gateway endpoints (free)`
        : `${inventory.natGateways} gateways`,
    usd: inventory.natGateways * pp.natGatewayHour * hoursPerMonth,
  });
  if (inventory.interfaceEndpointAzs > 0)
    lines.push({
      item: 'Interface endpoints',
      detail: `${inventory.interfaceEndpointAzs} endpoint-AZs`,
      usd: inventory.interfaceEndpointAzs * pp.interfaceEndpointAzHour * hoursPerMonth,
    });
  const { alarms } = inventory;
  lines.push({
    item: 'CloudWatch alarms',
    detail: `${alarms.count} alarms reading ${alarms.standardMetrics} metrics${
      alarms.highResolutionMetrics ? ` (+${alarms.highResolutionMetrics} high-resolution)` : ''
    }${alarms.composite ? `, ${alarms.composite} composite` : ''}`,
    usd:
      alarms.standardMetrics * pp.cloudWatch.alarmMetricMonth +
      alarms.highResolutionMetrics * pp.cloudWatch.highResolutionAlarmMetricMonth +
      alarms.composite * pp.cloudWatch.compositeAlarmMonth,
  });
  lines.push({
    item: 'CloudWatch dashboards',
    detail: `${inventory.dashboards}`,
    usd: inventory.dashboards * pp.cloudWatch.dashboardMonth,
  });
  lines.push({
    item: 'KMS keys',
    detail: `${inventory.kmsKeys} customer managed`,
    usd: inventory.kmsKeys * pp.kmsKeyMonth,
  });
  lines.push({
    item: 'WAF',
    detail: `${inventory.webAcls.count} web ACL, ${inventory.webAcls.rules} rules`,
    usd: inventory.webAcls.count * pp.waf.webAclMonth + inventory.webAcls.rules * pp.waf.ruleMonth,
  });
  lines.push({
    item: 'Secrets Manager',
    detail: `${inventory.secrets} secrets`,
    usd: inventory.secrets * pp.secretMonth,
  });
  lines.push({
    item: 'CloudFront',
    detail: `${inventory.cloudFrontDistributions} distribution, ${inventory.cloudFrontFunctions} functions: no monthly fee (per request, below)`,
    usd: 0,
  });
  const { standard, fifo } = inventory.sqsEventSources;
  const pollsPerQueue = assumptions.lambdaSqsPollers * (secondsPerMonth / assumptions.longPollSeconds);
  lines.push({
    item: 'SQS polling by Lambda',
    detail: `${standard + fifo} queues read by Lambda (${fifo} FIFO) × ${assumptions.lambdaSqsPollers} long polls every ${assumptions.longPollSeconds} s (assumed)`,
    usd: pollsPerQueue * (standard * pp.sqsStandardRequest + fifo * up.sqsRequest),
  });
  const connectorPolls = inventory.fargate.reduce((sum, s) => sum + s.tasks * s.polledQueues, 0);
  if (connectorPolls > 0)
    lines.push({
      item: 'SQS polling by the connector',
      detail: `${connectorPolls} × a long poll every ${assumptions.longPollSeconds} s (each task on each queue it reads)`,
      usd: connectorPolls * (secondsPerMonth / assumptions.longPollSeconds) * up.sqsRequest,
    });
  if (inventory.schedules.count > 0)
    lines.push({
      item: 'Recurring schedules',
      detail: `${inventory.schedules.count} (${Math.round(inventory.schedules.invocationsPerMonth)} runs a month; each: Scheduler, 3 SQS requests, a 100 ms Lambda at 1 GB)`,
      usd:
        inventory.schedules.invocationsPerMonth *
        (up.schedulerInvocation + 3 * up.sqsRequest + up.lambdaRequest + 0.1 * up.lambdaGbSecond),
    });
  const logGb =
    inventory.fargate.reduce((sum, s) => sum + s.tasks, 0) * assumptions.connectorLogGbPerTaskMonth +
    inventory.flowLogs * assumptions.flowLogGbPerMonth;
  lines.push({
    item: 'CloudWatch Logs (idle)',
    detail: `${inventory.logGroups} log groups; the connector's and the VPC flow logs' ${round(logGb, 2)} GB a month (assumed)`,
    usd: logGb * (pp.cloudWatch.logIngestedGb + pp.cloudWatch.logStoredGbMonth),
  });
  lines.push({
    item: 'Pay-per-use only',
    detail: `${inventory.dynamoTables} DynamoDB table (on demand), ${inventory.lambdaFunctions} Lambda functions, REST and WebSocket APIs, ${inventory.sqsQueues} SQS queues, ${inventory.buckets} S3 buckets: nothing while idle`,
    usd: 0,
  });
  return lines;
}

function idleCompanyLines(inventory: Inventory, sessions: { value: number; source: string }): Line[] {
  const connector = inventory.fargate[0];
  const lines: Line[] = [];
  if (connector && sessions.value > 0) {
    lines.push({
      item: 'Its share of a connector task',
      detail: `one connected WhatsApp session of ${sessions.value} a task (${sessions.source})`,
      usd: (taskMonthly(connector) + (connector.publicIp ? ipMonthly : 0)) / sessions.value,
    });
    const renewals = secondsPerMonth / assumptions.leaseRenewEverySeconds;
    lines.push({
      item: 'Session lease renewals',
      detail: `${Math.round(renewals).toLocaleString('en-US')} conditional updates a month (every ${assumptions.leaseRenewEverySeconds} s, 1 write unit)`,
      usd: renewals * up.dynamoWriteUnit,
    });
    const reconciles = (secondsPerMonth / assumptions.reconcileEverySeconds) * connector.tasks;
    lines.push({
      item: 'Its item in the reconcile reads',
      detail: `${assumptions.connectionIndexItemKb} KB in each task's Query every ${assumptions.reconcileEverySeconds} s (eventually consistent)`,
      usd: reconciles * (assumptions.connectionIndexItemKb / 4) * 0.5 * up.dynamoReadUnit,
    });
  }
  lines.push({
    item: 'Stored items',
    detail: `${assumptions.idleCompanyStoredKb} KB with point-in-time recovery (assumed)`,
    usd: gbOfKb(assumptions.idleCompanyStoredKb) * (pp.dynamodb.storageGbMonth + pp.dynamodb.pitrGbMonth),
  });
  return lines;
}

/**
 * Local "functions" that are no Lambda in AWS: the connector's command handling runs on the
 * Fargate tasks (in the floor), and the sandbox's POST stands in for the connector's hand-in
 * (a real message reaches the inbound queue from the connector, not from a REST function).
 */
export const notLambdaInAws = ['connector', 'sandbox'] as const;

/** The stream consumers that gather a batching window's records per invocation (functions/src/manifest.ts). */
export const windowedConsumers = streamConsumers
  .filter((consumer) => (consumer.batchingWindowSeconds ?? 0) > 0)
  .map((consumer) => consumer.name);

/**
 * The invocations a message costs at low traffic: the bench counts at a rate where one batching
 * window holds several messages, so a windowed consumer ran less than once a message; a message
 * alone in its window costs each of them one invocation (an upper bound, as the X-Ray line).
 */
export function invocationsAtLowTraffic(counts: UsageCounts): UsageCounts {
  let added = 0;
  const raised: UsageCounts = { ...counts };
  for (const name of windowedConsumers) {
    const counted = counts[`lambda.Invocation.${name}`] ?? 0;
    if (counted >= 1) continue;
    raised[`lambda.Invocation.${name}`] = 1;
    added += 1 - counted;
  }
  raised['lambda.Invocation'] = (counts['lambda.Invocation'] ?? 0) + added;
  return raised;
}

/**
 * The bench's counters as AWS would bill them: Lambda without what runs elsewhere there, and
 * the windowed consumers at one invocation a message at least.
 */
export function usageInAws(counts: UsageCounts): BilledUsage {
  const usage = billedUsage(invocationsAtLowTraffic(counts));
  const totalMs = counts['lambda.ms'] ?? 0;
  const elsewhereMs = notLambdaInAws.reduce((sum, name) => sum + (counts[`lambda.ms.${name}`] ?? 0), 0);
  const elsewhereInvocations = notLambdaInAws.reduce(
    (sum, name) => sum + (counts[`lambda.Invocation.${name}`] ?? 0),
    0,
  );
  return {
    ...usage,
    lambdaInvocations: Math.max(0, usage.lambdaInvocations - elsewhereInvocations),
    lambdaGbSeconds:
      totalMs > 0 ? usage.lambdaGbSeconds * Math.max(0, 1 - elsewhereMs / totalMs) : usage.lambdaGbSeconds,
  };
}

function trafficLines(counted: CountedUsage, inventory: Inventory, kind: 'inbound' | 'reply'): Line[] {
  const u = usageInAws(kind === 'inbound' ? counted.perInboundMessage : counted.perReply);
  const one = kind === 'inbound' ? 'a message' : 'a reply';
  const lines: Line[] = [
    {
      item: 'DynamoDB requests',
      detail: `${round(u.readUnits, 2)} read and ${round(u.writeUnits, 2)} write units ${one}`,
      usd: (u.readUnits * up.dynamoReadUnit + u.writeUnits * up.dynamoWriteUnit) * per100k,
    },
    {
      item: 'Lambda',
      detail: `${round(u.lambdaInvocations, 2)} invocations, ${round(u.lambdaGbSeconds, 3)} GB-s ${one} (local wall times: an upper bound; without the ${notLambdaInAws.join(' and ')}, no Lambda in AWS; the ${windowedConsumers.length} stream consumers with a batching window once each, as for a message alone in its second)`,
      usd: (u.lambdaInvocations * up.lambdaRequest + u.lambdaGbSeconds * up.lambdaGbSecond) * per100k,
    },
    {
      item: 'SQS',
      detail: `${round(u.sqsRequests, 2)} requests ${one}`,
      usd: u.sqsRequests * up.sqsRequest * per100k,
    },
  ];
  if (u.schedulerInvocations > 0)
    lines.push({
      item: 'EventBridge Scheduler',
      detail: `${round(u.schedulerInvocations, 2)} invocations ${one}`,
      usd: u.schedulerInvocations * up.schedulerInvocation * per100k,
    });
  // One post per listening socket allowed to see the ticket: scaled from the bench's sockets.
  const socketMessages =
    (u.socketMessages * assumptions.listeningSocketsPerCompany) / Math.max(1, counted.listeningSockets);
  lines.push({
    item: 'WebSocket messages',
    detail: `${round(socketMessages, 2)} ${one}: the bench's ${round(u.socketMessages, 2)} with ${counted.listeningSockets} sockets listening, scaled to ${assumptions.listeningSocketsPerCompany} (agents online and an admin, assumed)`,
    usd: socketMessages * up.websocketMessage * per100k,
  });
  if (kind === 'reply') {
    lines.push({ item: 'API Gateway REST', detail: '1 request', usd: up.restRequest * per100k });
    lines.push({
      item: 'CloudFront',
      detail: `1 HTTPS request${inventory.cloudFrontFunctions > 0 ? ' and its viewer-address function' : ''}`,
      usd:
        (pp.cloudFront.httpsRequest +
          (inventory.cloudFrontFunctions > 0 ? pp.cloudFront.functionInvocation : 0)) *
        per100k,
    });
    if (inventory.webAcls.count > 0)
      lines.push({ item: 'WAF', detail: '1 request inspected', usd: pp.waf.request * per100k });
  }
  lines.push({
    item: 'CloudWatch Logs',
    detail: `${assumptions.logBytesPerInvocation} bytes an invocation (assumed), ingested and kept a month`,
    usd:
      u.lambdaInvocations *
      (assumptions.logBytesPerInvocation / 1024 ** 3) *
      (pp.cloudWatch.logIngestedGb + pp.cloudWatch.logStoredGbMonth) *
      per100k,
  });
  if (inventory.tracedFunctions > 0)
    lines.push({
      item: 'X-Ray',
      detail: `${inventory.tracedFunctions} functions traced; a trace an invocation (upper bound: busy functions are sampled at 5 %)`,
      usd: u.lambdaInvocations * assumptions.xraySampledShare * pp.xrayTraceRecorded * per100k,
    });
  lines.push({
    item: 'Storage, the first month',
    detail: `${assumptions.storedKbPerMessageDynamo} KB ${kind === 'inbound' ? 'a message' : 'a reply'} with point-in-time recovery (assumed)`,
    usd:
      gbOfKb(assumptions.storedKbPerMessageDynamo * per100k) *
      (pp.dynamodb.storageGbMonth + pp.dynamodb.pitrGbMonth),
  });
  return lines;
}

const vmMonthly = vmPrices.ec2InstanceHour * hoursPerMonth;
const vmDiskMonthly = assumptions.vm.ebsGb * vmPrices.ebsGp3GbMonth;
const vmIpMonthly = assumptions.vm.publicIpv4 ? ipMonthly : 0;

function vmFloorLines(): Line[] {
  return [
    {
      item: 'VM (EC2)',
      detail: `${vmPrices.ec2InstanceClass}: API, workers, WhatsApp sessions (up to ${assumptions.vm.sessionsPerVm})`,
      usd: vmMonthly,
    },
    { item: 'VM disk', detail: `${assumptions.vm.ebsGb} GB gp3`, usd: vmDiskMonthly },
    { item: 'VM public IPv4', detail: 'one address', usd: vmIpMonthly },
    {
      item: 'Managed Postgres (RDS)',
      detail: vmPrices.rdsInstanceClass,
      usd: vmPrices.rdsInstanceHour * hoursPerMonth,
    },
    {
      item: 'Postgres storage',
      detail: `${assumptions.vm.rdsStorageGb} GB gp3`,
      usd: assumptions.vm.rdsStorageGb * vmPrices.rdsGp3GbMonth,
    },
    {
      item: 'Managed Redis (ElastiCache)',
      detail: vmPrices.elastiCacheNodeClass,
      usd: vmPrices.elastiCacheNodeHour * hoursPerMonth,
    },
  ];
}

function vmTrafficLines(): Line[] {
  return [
    {
      item: 'Compute, database, cache',
      detail: 'within the instances above: nothing more until they are full',
      usd: 0,
    },
    {
      item: 'Postgres storage, the first month',
      detail: `${assumptions.storedKbPerMessagePostgres} KB a row (assumed)`,
      usd: gbOfKb(assumptions.storedKbPerMessagePostgres * per100k) * vmPrices.rdsGp3GbMonth,
    },
  ];
}

export function costModel(inventory: Inventory, counted: CountedUsage): CostModel {
  const connector = inventory.fargate[0];
  const sessions = sessionsPerTask(connector);
  const floor = floorLines(inventory);
  const idleCompany = idleCompanyLines(inventory, sessions);
  const per100kInbound = trafficLines(counted, inventory, 'inbound');
  const per100kReplies = trafficLines(counted, inventory, 'reply');
  const vmFloor = vmFloorLines();
  const vmPer100kInbound = vmTrafficLines();
  const vmPer100kReplies = vmTrafficLines();

  const floorTasks = inventory.fargate.reduce((sum, s) => sum + s.tasks, 0);
  // Per company beyond its share of a task (the tasks are counted whole below).
  const companyBesidesTask = total(idleCompany.slice(connector && sessions.value > 0 ? 1 : 0));
  const scenarios = assumptions.scenario.companies.map((companies): Scenario => {
    const inbound = companies * assumptions.scenario.inboundPerCompanyMonth;
    const replies = companies * assumptions.scenario.repliesPerCompanyMonth;
    const connectorTasks =
      connector && sessions.value > 0 ? Math.max(floorTasks, Math.ceil(companies / sessions.value)) : 0;
    const extraTasks = Math.max(0, connectorTasks - floorTasks);
    const serverlessUsd =
      total(floor) +
      (connector ? extraTasks * (taskMonthly(connector) + (connector.publicIp ? ipMonthly : 0)) : 0) +
      companies * companyBesidesTask +
      (inbound / per100k) * total(per100kInbound) +
      (replies / per100k) * total(per100kReplies);
    const vms = Math.max(1, Math.ceil(companies / assumptions.vm.sessionsPerVm));
    const vmUsd =
      total(vmFloor) +
      (vms - 1) * (vmMonthly + vmDiskMonthly + vmIpMonthly) +
      (inbound / per100k) * total(vmPer100kInbound) +
      (replies / per100k) * total(vmPer100kReplies);
    return {
      companies,
      inboundPerMonth: inbound,
      repliesPerMonth: replies,
      connectorTasks,
      serverlessUsd,
      vms,
      vmUsd,
    };
  });

  return {
    floor,
    idleCompany,
    per100kInbound,
    per100kReplies,
    vmFloor,
    vmPer100kInbound,
    vmPer100kReplies,
    scenarios,
    sessionsPerTask: sessions.value,
    sessionsPerTaskSource: sessions.source,
  };
}
