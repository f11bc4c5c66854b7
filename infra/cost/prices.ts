/**
 * Every price the cost model (docs/cost.md) and the bench's per-request cost (infra/local/bench/
 * cost.ts) use, in one place: AWS us-east-1 (N. Virginia), USD, on-demand, Linux, free tiers left
 * out.
 *
 * Where they come from: the AWS pricing pages named beside each group, as last read when these
 * were written down (2026-12-05; the per-request ones 2026-11-28), cross-checked for Fargate
 * against third-party summaries of the same page. This machine cannot reach the AWS pages, so
 * nothing here was checked against them today: check a price before quoting a figure that
 * depends on it. A price change is one edit here, then `npm run cost` rewrites docs/cost.md.
 */

export const pricesWrittenDown = '2026-12-05';
export const pricesRegion = 'us-east-1';

/** Hours in a month, as AWS's own calculators count them. */
export const hoursPerMonth = 730;
export const secondsPerMonth = hoursPerMonth * 3600;

/** Per request, per unit: what the bench's counted calls are priced at (infra/local/bench/cost.ts). */
export const usagePrices = {
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — per write request unit (1 KB; transactional 2). */
  dynamoWriteUnit: 0.625 / 1e6,
  /** Same page — per read request unit (4 KB strongly consistent; eventually consistent half, transactional 2). */
  dynamoReadUnit: 0.125 / 1e6,
  /** https://aws.amazon.com/lambda/pricing/ — per request. */
  lambdaRequest: 0.2 / 1e6,
  /** Same page — ARM64 (infra/lib/lambda-defaults.ts), first tier, per GB-second. */
  lambdaGbSecond: 0.0000133334,
  /** https://aws.amazon.com/api-gateway/pricing/ — REST API, first 333 million requests. */
  restRequest: 3.5 / 1e6,
  /** Same page — WebSocket messages (per 32 KB), first billion. */
  websocketMessage: 1.0 / 1e6,
  /** https://aws.amazon.com/sqs/pricing/ — FIFO requests (per 64 KB), the dearer kind. */
  sqsRequest: 0.5 / 1e6,
  /** https://aws.amazon.com/eventbridge/pricing/ — EventBridge Scheduler invocations. */
  schedulerInvocation: 1.0 / 1e6,
} as const;

/** The platform's fixed and per-request prices beyond the bench's counted calls. */
export const platformPrices = {
  fargate: {
    /** https://aws.amazon.com/fargate/pricing/ — Linux/ARM per vCPU-hour and per GB-hour. */
    arm64: { vcpuHour: 0.03238, gbHour: 0.00356 },
    /** Same page — Linux/x86. */
    x86_64: { vcpuHour: 0.04048, gbHour: 0.004445 },
  },
  /** https://aws.amazon.com/vpc/pricing/ — each public IPv4 address, per hour (a Fargate task with a public IP has one). */
  publicIpv4Hour: 0.005,
  /** Same page — NAT gateway per hour (data processed left out). */
  natGatewayHour: 0.045,
  /** https://aws.amazon.com/privatelink/pricing/ — an interface endpoint, per AZ and hour (gateway endpoints are free). */
  interfaceEndpointAzHour: 0.01,
  cloudWatch: {
    /** https://aws.amazon.com/cloudwatch/pricing/ — per standard-resolution alarm metric and month (a metric-math alarm: each metric it reads). */
    alarmMetricMonth: 0.1,
    /** Same page — a high-resolution (under 60 s) alarm metric. */
    highResolutionAlarmMetricMonth: 0.3,
    /** Same page — a composite alarm. */
    compositeAlarmMonth: 0.5,
    /** Same page — a dashboard per month. */
    dashboardMonth: 3.0,
    /** Same page — logs ingested (standard class), per GB; vended logs (VPC flow logs) the same at the first tier. */
    logIngestedGb: 0.5,
    /** Same page — logs stored, per GB-month. */
    logStoredGbMonth: 0.03,
    /** Same page — a custom metric (EMF included) per month, first 10,000. */
    customMetricMonth: 0.3,
  },
  /** https://aws.amazon.com/kms/pricing/ — a customer managed key per month. */
  kmsKeyMonth: 1.0,
  waf: {
    /** https://aws.amazon.com/waf/pricing/ — a web ACL per month. */
    webAclMonth: 5.0,
    /** Same page — a rule (or rule group) of a web ACL per month. */
    ruleMonth: 1.0,
    /** Same page — per request inspected. */
    request: 0.6 / 1e6,
  },
  /** https://aws.amazon.com/secrets-manager/pricing/ — a secret per month. */
  secretMonth: 0.4,
  cloudFront: {
    /** https://aws.amazon.com/cloudfront/pricing/ — HTTPS requests, United States and Europe. */
    httpsRequest: 0.01 / 1e4,
    /** Same page — CloudFront Functions invocations. */
    functionInvocation: 0.1 / 1e6,
  },
  /** https://aws.amazon.com/xray/pricing/ — traces recorded. */
  xrayTraceRecorded: 5.0 / 1e6,
  dynamodb: {
    /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Standard table class storage, per GB-month. */
    storageGbMonth: 0.25,
    /** Same page — continuous backups (point-in-time recovery), per GB-month. */
    pitrGbMonth: 0.2,
  },
  /** SQS standard requests (the FIFO price is usagePrices.sqsRequest). */
  sqsStandardRequest: 0.4 / 1e6,
} as const;

/** One VM plus managed Postgres and Redis: the comparison of docs/cost.md. */
export const vmPrices = {
  /** https://aws.amazon.com/ec2/pricing/on-demand/ — m7g.large (2 vCPU Graviton3, 8 GiB), Linux, per hour. */
  ec2InstanceHour: 0.0816,
  ec2InstanceClass: 'm7g.large (2 vCPU, 8 GiB)',
  /** https://aws.amazon.com/ebs/pricing/ — gp3 per GB-month. */
  ebsGp3GbMonth: 0.08,
  /** https://aws.amazon.com/rds/postgresql/pricing/ — db.t4g.medium (2 vCPU, 4 GiB), Single-AZ, per hour. */
  rdsInstanceHour: 0.065,
  rdsInstanceClass: 'db.t4g.medium (2 vCPU, 4 GiB), Single-AZ',
  /** Same page — gp3 storage per GB-month (Single-AZ). */
  rdsGp3GbMonth: 0.115,
  /** https://aws.amazon.com/elasticache/pricing/ — cache.t4g.small (2 vCPU, 1.37 GiB), Redis OSS, per hour. */
  elastiCacheNodeHour: 0.032,
  elastiCacheNodeClass: 'cache.t4g.small (1.37 GiB), Redis OSS, one node',
} as const;
