import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { alarmThresholds } from '../lib/operations-monitoring.ts';
import { synthesize, type Synthesized } from './synthesize.ts';

let synthesized: Synthesized;
let operations: Template;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize();
  operations = Template.fromStack(synthesized.stack.operations);
});

type AlarmProperties = {
  AlarmDescription: string;
  Threshold: number;
  EvaluationPeriods: number;
  ComparisonOperator: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Metrics?: { Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string } } }[];
  MetricName?: string;
  Namespace?: string;
};

const alarms = () =>
  Object.values(operations.findResources('AWS::CloudWatch::Alarm')).map(
    (resource) => resource.Properties as AlarmProperties,
  );

/** The names of a math alarm's metrics, or the plain alarm's one. */
const metricNames = (alarm: AlarmProperties) =>
  alarm.Metrics
    ? alarm.Metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : []))
    : [alarm.MetricName];

describe('operations monitoring (issue #28)', () => {
  it('watches every function of the product for errors and throttles, each alarm notifying the topic', () => {
    const { stack } = synthesized;
    const functions = [
      ...stack.restApi.functions.values(),
      ...stack.restApi.authorizerFunctions.values(),
      stack.webSocketApi.handler,
      ...[...stack.workQueues.queues.values()].map((queue) => queue.consumer),
      ...stack.streamConsumers.functions.values(),
      ...stack.tasks.functions.values(),
    ];
    const failureAlarms = alarms().filter((alarm) =>
      alarm.Metrics?.some((m) => m.Expression?.includes('FILL(e, 0)')),
    );
    expect(failureAlarms).toHaveLength(functions.length);
    for (const alarm of failureAlarms) {
      expect(metricNames(alarm).sort()).toEqual(['Errors', 'Invocations', 'Throttles']);
      expect(alarm.Threshold).toBe(alarmThresholds.functionFailurePercent);
    }
    // Every alarm here (and the parent's dead-letter and connector alarms) tells the one topic both ways.
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toHaveLength(1);
      expect(alarm.OKActions).toHaveLength(1);
    }
    expect(synthesized.stack.operations.alarms.size).toBe(alarms().length);
  });

  it('alarms on stream lag over a minute, REST 5xx, table throttles and the connector memory', () => {
    const streams = synthesized.stack.streamConsumers.functions.size;
    const lag = alarms().filter((alarm) => alarm.MetricName === 'IteratorAge');
    expect(lag).toHaveLength(streams);
    for (const alarm of lag) expect(alarm.Threshold).toBe(60_000);
    const fiveHundreds = alarms().find((alarm) => alarm.MetricName === '5XXError')!;
    expect(fiveHundreds.Threshold).toBe(alarmThresholds.rest5xxPerFiveMinutes);
    const throttles = alarms().find((alarm) => metricNames(alarm).includes('WriteThrottleEvents'))!;
    expect(metricNames(throttles).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    const memory = alarms().find((alarm) => alarm.MetricName === 'MemoryUtilization')!;
    expect(memory.Threshold).toBe(alarmThresholds.connectorMemoryPercent);
    expect(memory.EvaluationPeriods).toBe(10);
  });

  it("has one dashboard named for the stage, with the alarms' figures", () => {
    const dashboards = Object.values(operations.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties);
    expect(body).toContain('atende-test');
    for (const figure of ['IteratorAge', '5XXError', 'WriteThrottleEvents', 'MemoryUtilization', 'Latency'])
      expect(body).toContain(figure);
  });
});

describe('the dashboard graphs', () => {
  it("show every function's failure rate, at most 100 metrics a graph", () => {
    // The body is a JSON text joined with the functions' names: its string parts, names apart.
    const joined = (
      Object.values(operations.findResources('AWS::CloudWatch::Dashboard'))[0]!.Properties as {
        DashboardBody: { 'Fn::Join': [string, unknown[]] };
      }
    ).DashboardBody['Fn::Join'][1]
      .map((part) => (typeof part === 'string' ? part : '"REF"'))
      .join('');
    const labels = [...joined.matchAll(/"label":"([^"]+)","expression":"100 \*/g)].map((m) => m[1]);
    const { stack } = synthesized;
    const names = [
      ...stack.restApi.functions.keys(),
      ...stack.restApi.authorizerFunctions.keys(),
      ...stack.workQueues.queues.keys(),
      ...stack.streamConsumers.functions.keys(),
      ...stack.tasks.functions.keys(),
      'socket',
    ];
    expect(labels.sort()).toEqual(names.sort());
    for (const widget of joined.split('{"type":"metric"').slice(1)) {
      const metrics = (widget.match(/\["AWS\//g) ?? []).length + (widget.match(/"expression"/g) ?? []).length;
      expect(metrics).toBeLessThanOrEqual(100);
    }
  });
});
