/**
 * What a synthesized template holds that costs money whether or not anyone uses the product:
 * counted from the CloudFormation JSON (the stack and its nested stacks flattened into one, as
 * infra/test/synthesize.ts does), never from the CDK constructs, so the cost model reads what
 * would be deployed. Pure: no CDK import.
 */

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties?: Json;
}
export interface TemplateJson {
  Resources: Record<string, Resource>;
}

export interface FargateService {
  id: string;
  vcpu: number;
  memoryGb: number;
  architecture: 'arm64' | 'x86_64';
  /** Tasks always running: the scaling target's minimum when the service scales, else its desired count. */
  tasks: number;
  /** The scaling target's maximum (tasks) when the service scales. */
  maxTasks: number | undefined;
  publicIp: boolean;
  /** Sessions one task runs at most, when the task's environment says (MAX_SESSIONS…). */
  maxSessionsPerTask: number | undefined;
  /** SQS queues the task polls (its QUEUE_URL_… variables other than the inbound queue it sends to). */
  polledQueues: number;
}

export interface Inventory {
  fargate: FargateService[];
  natGateways: number;
  /** Interface endpoints × the subnets (AZs) each sits in. */
  interfaceEndpointAzs: number;
  gatewayEndpoints: number;
  alarms: { count: number; standardMetrics: number; highResolutionMetrics: number; composite: number };
  dashboards: number;
  kmsKeys: number;
  webAcls: { count: number; rules: number };
  cloudFrontDistributions: number;
  cloudFrontFunctions: number;
  logGroups: number;
  flowLogs: number;
  secrets: number;
  lambdaFunctions: number;
  tracedFunctions: number;
  /** Lambda event source mappings reading SQS queues, by kind of queue. */
  sqsEventSources: { standard: number; fifo: number };
  streamEventSources: number;
  sqsQueues: number;
  /** Recurring schedules (EventBridge Scheduler and rules) and their invocations per month. */
  schedules: { count: number; invocationsPerMonth: number };
  dynamoTables: number;
  buckets: number;
}

const byType = (template: TemplateJson, type: string): [string, Resource][] =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);

const props = (resource: Resource | undefined): Json => resource?.Properties ?? {};

/** `{ Ref: id }` or `{ Fn::GetAtt: [id, …] }`: the logical id named. */
function referencedId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ref = (value as Json).Ref;
  if (typeof ref === 'string') return ref;
  const getAtt = (value as Json)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return undefined;
}

/** Invocations per 30.4-day month of `rate(n unit)` or `cron(...)` (cron: its minutes × hours × days, roughly). */
export function invocationsPerMonth(expression: string): number {
  const minutesPerMonth = (730 * 60) as number;
  const rate = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (rate) {
    const every = Number(rate[1]);
    const unitMinutes = rate[2]!.startsWith('minute') ? 1 : rate[2]!.startsWith('hour') ? 60 : 1440;
    return minutesPerMonth / (every * unitMinutes);
  }
  const cron = /^cron\((.+)\)$/.exec(expression.trim());
  if (cron) {
    const [minutes = '0', hours = '0'] = cron[1]!.split(/\s+/);
    const count = (field: string, range: number) => {
      if (field === '*') return range;
      const step = /^(?:\*|\d+)\/(\d+)$/.exec(field);
      if (step) return Math.ceil(range / Number(step[1]));
      return field.split(',').length;
    };
    return count(minutes, 60) * count(hours, 24) * 30.4;
  }
  return 0;
}

function fargateServices(template: TemplateJson): FargateService[] {
  const targets = byType(template, 'AWS::ApplicationAutoScaling::ScalableTarget').map(([, r]) => props(r));
  return byType(template, 'AWS::ECS::Service')
    .filter(([, service]) => {
      const p = props(service);
      return p.LaunchType === 'FARGATE' || Array.isArray(p.CapacityProviderStrategy);
    })
    .map(([id, service]) => {
      const p = props(service);
      const task = props(template.Resources[referencedId(p.TaskDefinition) ?? '']);
      const platform = (task.RuntimePlatform ?? {}) as Json;
      const network = (((p.NetworkConfiguration ?? {}) as Json).AwsvpcConfiguration ?? {}) as Json;
      // A scaling target names the service by a resource id that contains its logical id's name.
      const target = targets.find((t) => JSON.stringify(t.ResourceId ?? '').includes(id));
      const environment = ((task.ContainerDefinitions ?? []) as Json[]).flatMap(
        (container) => (container.Environment ?? []) as { Name: string; Value: unknown }[],
      );
      const maxSessions = environment.find((variable) => /MAX_SESSIONS/.test(variable.Name));
      const polledQueues = environment.filter(
        (variable) => /^QUEUE_URL_[A-Z_]+$/.test(variable.Name) && !/_INBOUND$|_SECONDS$/.test(variable.Name),
      ).length;
      return {
        id,
        vcpu: Number(task.Cpu ?? 256) / 1024,
        memoryGb: Number(task.Memory ?? 512) / 1024,
        architecture: platform.CpuArchitecture === 'ARM64' ? 'arm64' : 'x86_64',
        tasks: target ? Number(target.MinCapacity ?? 0) : Number(p.DesiredCount ?? 1),
        maxTasks: target ? Number(target.MaxCapacity ?? 0) : undefined,
        publicIp: network.AssignPublicIp === 'ENABLED',
        maxSessionsPerTask: maxSessions ? Number(maxSessions.Value) || undefined : undefined,
        polledQueues,
      } satisfies FargateService;
    });
}

function alarms(template: TemplateJson): Inventory['alarms'] {
  let standardMetrics = 0;
  let highResolutionMetrics = 0;
  const metricAlarms = byType(template, 'AWS::CloudWatch::Alarm');
  for (const [, alarm] of metricAlarms) {
    const p = props(alarm);
    const metrics = p.Metrics as Json[] | undefined;
    // A metric-math alarm is billed per metric it reads; a plain one is one metric.
    const read = metrics
      ? metrics
          .map((m) => m.MetricStat as Json | undefined)
          .filter((stat): stat is Json => stat !== undefined)
          .map((stat) => Number(stat.Period ?? 60))
      : [Number(p.Period ?? 60)];
    for (const period of read) {
      if (period < 60) highResolutionMetrics += 1;
      else standardMetrics += 1;
    }
  }
  return {
    count: metricAlarms.length,
    standardMetrics,
    highResolutionMetrics,
    composite: byType(template, 'AWS::CloudWatch::CompositeAlarm').length,
  };
}

function sqsEventSources(template: TemplateJson): Inventory['sqsEventSources'] {
  const counts = { standard: 0, fifo: 0 };
  for (const [, mapping] of byType(template, 'AWS::Lambda::EventSourceMapping')) {
    const source = template.Resources[referencedId(props(mapping).EventSourceArn) ?? ''];
    if (source?.Type !== 'AWS::SQS::Queue') continue;
    if (props(source).FifoQueue === true) counts.fifo += 1;
    else counts.standard += 1;
  }
  return counts;
}

export function templateInventory(template: TemplateJson): Inventory {
  const endpoints = byType(template, 'AWS::EC2::VPCEndpoint').map(([, r]) => props(r));
  const interfaceEndpoints = endpoints.filter((e) => e.VpcEndpointType === 'Interface');
  const webAcls = byType(template, 'AWS::WAFv2::WebACL').map(([, r]) => props(r));
  const functions = byType(template, 'AWS::Lambda::Function').map(([, r]) => props(r));
  const schedules = [
    ...byType(template, 'AWS::Scheduler::Schedule').map(([, r]) => props(r).ScheduleExpression),
    ...byType(template, 'AWS::Events::Rule').map(([, r]) => props(r).ScheduleExpression),
  ].filter((expression): expression is string => typeof expression === 'string');
  return {
    fargate: fargateServices(template),
    natGateways: byType(template, 'AWS::EC2::NatGateway').length,
    interfaceEndpointAzs: interfaceEndpoints.reduce(
      (sum, e) => sum + Math.max(1, Array.isArray(e.SubnetIds) ? e.SubnetIds.length : 1),
      0,
    ),
    gatewayEndpoints: endpoints.length - interfaceEndpoints.length,
    alarms: alarms(template),
    dashboards: byType(template, 'AWS::CloudWatch::Dashboard').length,
    kmsKeys: byType(template, 'AWS::KMS::Key').length,
    webAcls: {
      count: webAcls.length,
      rules: webAcls.reduce((sum, acl) => sum + ((acl.Rules as unknown[] | undefined)?.length ?? 0), 0),
    },
    cloudFrontDistributions: byType(template, 'AWS::CloudFront::Distribution').length,
    cloudFrontFunctions: byType(template, 'AWS::CloudFront::Function').length,
    logGroups: byType(template, 'AWS::Logs::LogGroup').length,
    flowLogs: byType(template, 'AWS::EC2::FlowLog').length,
    secrets: byType(template, 'AWS::SecretsManager::Secret').length,
    lambdaFunctions: functions.length,
    tracedFunctions: functions.filter((f) => ((f.TracingConfig ?? {}) as Json).Mode === 'Active').length,
    sqsEventSources: sqsEventSources(template),
    streamEventSources: byType(template, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) =>
        template.Resources[referencedId(props(mapping).EventSourceArn) ?? '']?.Type ===
        'AWS::DynamoDB::Table',
    ).length,
    sqsQueues: byType(template, 'AWS::SQS::Queue').length,
    schedules: {
      count: schedules.length,
      invocationsPerMonth: schedules.reduce((sum, expression) => sum + invocationsPerMonth(expression), 0),
    },
    dynamoTables:
      byType(template, 'AWS::DynamoDB::Table').length + byType(template, 'AWS::DynamoDB::GlobalTable').length,
    buckets: byType(template, 'AWS::S3::Bucket').length,
  };
}
