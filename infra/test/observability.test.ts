import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { metricsNamespace } from '../lib/lambda-defaults.ts';
import { alarmThresholds } from '../lib/operations-monitoring.ts';
import { synthesize, type Synthesized } from './synthesize.ts';

/**
 * Issue #28's "done when" for observability: every product function has Powertools' environment,
 * every custom-metric alarm exists with its threshold, and no function's policy grants an action
 * on every resource (`*`), but the few actions that have no resource-level permissions.
 */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize();
});

type Resource = { Type: string; Properties: Record<string, unknown> };

const resourcesOf = (type: string) =>
  Object.entries(synthesized.template.findResources(type)) as [string, Resource][];

/** The product's functions (AppFunction: they carry APP_STAGE), not CDK's own providers. */
const productFunctions = () =>
  resourcesOf('AWS::Lambda::Function').filter(([, fn]) => {
    const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables;
    return variables?.APP_STAGE !== undefined;
  });

/** How many functions the stack deploys (the sandbox's module only with the sandbox on). */
const deployedFunctions = () => {
  const { stack } = synthesized;
  return (
    stack.restApi.functions.size +
    stack.restApi.authorizerFunctions.size +
    1 + // the WebSocket handler
    stack.workQueues.queues.size +
    stack.streamConsumers.functions.size +
    stack.tasks.functions.size
  );
};

/**
 * Actions that take no resource-level permission, so only `*` can name their resource: X-Ray's
 * trace upload (active tracing), and the stream consumers' dynamodb:ListStreams (what CDK's
 * DynamoEventSource grants for the event source mapping; their stream reads name the stream).
 */
const noResourceLevelActions = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'dynamodb:ListStreams',
]);

describe('Powertools in every function', () => {
  it('gives each its service name, log level and the stage metrics namespace', () => {
    const functions = productFunctions();
    expect(functions).toHaveLength(deployedFunctions());
    for (const [id, fn] of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, id).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'atende',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace('test'),
      });
      // Tracing on in AWS (the local runtime alone turns the Tracer off).
      expect(variables.POWERTOOLS_TRACE_ENABLED, id).toBeUndefined();
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });

  it('gives the connector task the same namespace and its own service name', () => {
    const definitions = resourcesOf('AWS::ECS::TaskDefinition');
    expect(definitions.length).toBeGreaterThan(0);
    for (const [, definition] of definitions) {
      const containers = definition.Properties.ContainerDefinitions as {
        Environment: { Name: string; Value: unknown }[];
      }[];
      const environment = Object.fromEntries(
        containers[0]!.Environment.map(({ Name, Value }) => [Name, Value]),
      );
      expect(environment).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'atende-connector',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace('test'),
      });
    }
  });
});

describe("no function's policy", () => {
  it('grants an action on every resource (*), but those without resource-level permissions', () => {
    const roles = new Set(
      productFunctions().map(
        ([, fn]) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
      ),
    );
    expect(roles.size).toBe(deployedFunctions());
    const policies = resourcesOf('AWS::IAM::Policy').filter(([, policy]) =>
      (policy.Properties.Roles as { Ref?: string }[]).some((role) => role.Ref && roles.has(role.Ref)),
    );
    expect(policies.length).toBeGreaterThanOrEqual(roles.size);
    const wildcards: string[] = [];
    for (const [id, policy] of policies) {
      const statements = (
        policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
      ).Statement;
      for (const statement of statements) {
        const resources = [statement.Resource].flat();
        if (!resources.includes('*')) continue;
        const actions = [statement.Action].flat();
        const others = actions.filter((action) => !noResourceLevelActions.has(action));
        if (others.length > 0) wildcards.push(`${id}: ${others.join(', ')}`);
      }
    }
    expect(wildcards).toEqual([]);
  });
});

describe('custom-metric alarms', () => {
  type AlarmProperties = {
    Threshold: number;
    MetricName?: string;
    Namespace?: string;
    Metrics?: { Expression?: string }[];
    AlarmActions: unknown[];
  };
  const alarms = () =>
    Object.values(Template(synthesized).findResources('AWS::CloudWatch::Alarm')).map(
      (resource) => resource.Properties as AlarmProperties,
    );

  it('alarm on schedule lag over a minute, on sessions dropping and on a company whose sends fail', () => {
    const all = alarms();
    const lag = all.find((alarm) => alarm.MetricName === 'ScheduleLagMs');
    expect(lag?.Threshold).toBe(60_000);
    expect(lag?.Namespace).toBe(metricsNamespace('test'));
    const drops = all.find((alarm) => alarm.MetricName === 'SessionDrops');
    expect(drops?.Threshold).toBe(alarmThresholds.sessionDropsPerFiveMinutes);
    const failing = all.find((alarm) =>
      alarm.Metrics?.some((metric) => metric.Expression?.includes('SUM(SendFailures)')),
    );
    expect(failing?.Threshold).toBe(alarmThresholds.companySendFailuresPerFiveMinutes);
    // One alarm for every company: a Metrics Insights query grouped by company.
    expect(failing?.Metrics?.[0]?.Expression).toMatch(/GROUP BY companyId$/);
    for (const alarm of [lag, drops, failing]) expect(alarm?.AlarmActions).toHaveLength(1);
  });
});

function Template(s: Synthesized) {
  return s.template;
}
