import { Duration, NestedStack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { FargateService } from 'aws-cdk-lib/aws-ecs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';
import type { AppFunction } from './lambda-function.ts';

/** What a function's alarm watches, by the kind of work it does. */
export interface WatchedFunction {
  /** The manifest's name (REST module, queue, stream consumer, task). */
  name: string;
  fn: AppFunction;
  kind: 'rest' | 'socket' | 'queue' | 'stream' | 'task';
}

export interface OperationsMonitoringProps {
  stage: DeploymentStage;
  topic: ITopic;
  functions: readonly WatchedFunction[];
  restApi: RestApi;
  table: ITable;
  connector?: FargateService;
}

/**
 * The alarm thresholds, in one place so docs/operations.md and the CDK assertions quote the same
 * figures.
 */
export const alarmThresholds = {
  /** Failed invocations (errors and throttles) per 100, over 5 minutes (see functionFailureRate). */
  functionFailurePercent: 10,
  /** How far behind a stream consumer may fall before someone looks (IteratorAge, maximum). */
  streamIteratorAgeMs: 60_000,
  /** REST answers 5xx in 5 minutes. */
  rest5xxPerFiveMinutes: 10,
  /** Table requests throttled in 5 minutes (reads and writes). */
  tableThrottlesPerFiveMinutes: 10,
  /** The connector's memory use, percent, for 10 minutes: sessions are held in memory. */
  connectorMemoryPercent: 85,
} as const;

/**
 * A function's failure rate in percent, from its invocations, errors and throttles over the
 * period. The 10 added to the denominator keeps a quiet function from alarming on one failed
 * call out of two (a single failure needs 10 % of at least 10 calls); at volume it is the rate.
 */
export function functionFailureRate(fn: AppFunction, period: Duration, idSuffix = ''): MathExpression {
  // Ids are unique within an alarm or a graph: a graph of several functions gives each a suffix.
  const [e, t, i] = ['e', 't', 'i'].map((id) => `${id}${idSuffix}`);
  return new MathExpression({
    expression: `100 * (FILL(${e}, 0) + FILL(${t}, 0)) / (FILL(${i}, 0) + FILL(${t}, 0) + 10)`,
    usingMetrics: {
      [e!]: fn.lambda.metricErrors({ period, statistic: 'Sum' }),
      [t!]: fn.lambda.metricThrottles({ period, statistic: 'Sum' }),
      [i!]: fn.lambda.metricInvocations({ period, statistic: 'Sum' }),
    },
    period,
    label: 'failed invocations %',
  });
}

/**
 * The operator's view (issue #28): an alarm per function on its failure rate (errors and
 * throttles), the stream consumers' lag, the REST API's 5xx, the table's throttles and the
 * connector's memory, all to the alarm topic, and one dashboard with the same figures. Its own
 * nested stack: about one alarm per function would otherwise crowd the parent's 500 resources.
 * What each alarm means and the first thing to do: docs/operations.md.
 */
export class OperationsMonitoring extends NestedStack {
  readonly alarms = new Map<string, Alarm>();
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsMonitoringProps) {
    super(scope, id, { description: 'Alarms and the operations dashboard' });
    const fiveMinutes = Duration.minutes(5);
    const action = new SnsAction(props.topic);
    const add = (alarmId: string, alarm: Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.set(alarmId, alarm);
    };

    for (const { name, fn, kind } of props.functions) {
      const id = `${name}-${kind}`.replace(/[^A-Za-z0-9]/g, '');
      add(
        `${kind}:${name}:failures`,
        new Alarm(this, `${id}Failures`, {
          alarmDescription: `The ${name} ${kind} function fails (errors or throttles) on more than ${alarmThresholds.functionFailurePercent} % of its calls (docs/operations.md, "Function failures").`,
          metric: functionFailureRate(fn, fiveMinutes),
          threshold: alarmThresholds.functionFailurePercent,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      if (kind === 'stream')
        add(
          `stream:${name}:lag`,
          new Alarm(this, `${id}IteratorAge`, {
            alarmDescription: `The ${name} stream consumer is more than ${alarmThresholds.streamIteratorAgeMs / 1000} s behind the table (docs/operations.md, "Stream lag").`,
            metric: fn.lambda.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' }),
            threshold: alarmThresholds.streamIteratorAgeMs,
            evaluationPeriods: 3,
            comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
        );
    }

    const rest5xx = props.restApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    add(
      'rest:5xx',
      new Alarm(this, 'Rest5xx', {
        alarmDescription: `The REST API answered ${alarmThresholds.rest5xxPerFiveMinutes} or more 5xx in 5 minutes (docs/operations.md, "REST 5xx").`,
        metric: rest5xx,
        threshold: alarmThresholds.rest5xxPerFiveMinutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    const tableThrottles = new MathExpression({
      expression: 'FILL(r, 0) + FILL(w, 0)',
      usingMetrics: {
        r: props.table.metric('ReadThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
        w: props.table.metric('WriteThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
      },
      period: fiveMinutes,
      label: 'throttled requests',
    });
    add(
      'table:throttles',
      new Alarm(this, 'TableThrottles', {
        alarmDescription: `The table throttled ${alarmThresholds.tableThrottlesPerFiveMinutes} or more requests in 5 minutes (docs/operations.md, "Table throttles").`,
        metric: tableThrottles,
        threshold: alarmThresholds.tableThrottlesPerFiveMinutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    let connectorWidgets: IMetric[] = [];
    if (props.connector) {
      const memory = props.connector.metricMemoryUtilization({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      });
      add(
        'connector:memory',
        new Alarm(this, 'ConnectorMemory', {
          alarmDescription: `The connector has used more than ${alarmThresholds.connectorMemoryPercent} % of its memory for 10 minutes: its sessions are at risk (docs/operations.md, "Connector memory").`,
          metric: memory,
          threshold: alarmThresholds.connectorMemoryPercent,
          evaluationPeriods: 10,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      connectorWidgets = [
        memory,
        props.connector.metricCpuUtilization({ period: Duration.minutes(1), statistic: 'Maximum' }),
      ];
    }

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `atende-${props.stage.name}`,
      defaultInterval: Duration.hours(3),
    });
    const byKind = (kind: WatchedFunction['kind']) => props.functions.filter((f) => f.kind === kind);
    // A graph holds at most 100 metrics: each function's rate is one expression over three.
    const perGraph = 25;
    const failureGraphs = (title: string, watched: readonly WatchedFunction[]) =>
      Array.from(
        { length: Math.ceil(watched.length / perGraph) },
        (_, page) =>
          new GraphWidget({
            title: watched.length > perGraph ? `${title} (${page + 1})` : title,
            width: 12,
            left: watched
              .slice(page * perGraph, (page + 1) * perGraph)
              .map(({ name, fn }, index) =>
                functionFailureRate(fn, fiveMinutes, String(index)).with({ label: name }),
              ),
            leftYAxis: { min: 0, label: '%', showUnits: false },
          }),
      );
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# atende (${props.stage.name})\nEvery alarm here notifies the alarm topic; what each means and the first thing to do: docs/operations.md.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'REST API: requests, 4xx, 5xx',
        width: 12,
        left: [props.restApi.metricCount({ period: fiveMinutes, statistic: 'Sum' })],
        right: [props.restApi.metricClientError({ period: fiveMinutes, statistic: 'Sum' }), rest5xx],
      }),
      new GraphWidget({
        title: 'REST API: latency p50 / p99',
        width: 12,
        left: [
          props.restApi.metricLatency({ period: fiveMinutes, statistic: 'p50' }),
          props.restApi.metricLatency({ period: fiveMinutes, statistic: 'p99' }),
        ],
      }),
    );
    this.dashboard.addWidgets(
      ...failureGraphs('REST modules: failed calls %', byKind('rest')),
      ...failureGraphs('Queues, stream consumers, socket, tasks: failed calls %', [
        ...byKind('queue'),
        ...byKind('stream'),
        ...byKind('socket'),
        ...byKind('task'),
      ]),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Stream consumers: iterator age (max)',
        width: 12,
        left: byKind('stream').map(({ name, fn }) =>
          fn.lambda.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum', label: name }),
        ),
      }),
      new GraphWidget({
        title: 'Table: consumed capacity and throttles',
        width: 12,
        left: [
          props.table.metricConsumedReadCapacityUnits({ period: fiveMinutes, statistic: 'Sum' }),
          props.table.metricConsumedWriteCapacityUnits({ period: fiveMinutes, statistic: 'Sum' }),
        ],
        right: [tableThrottles],
      }),
    );
    if (connectorWidgets.length > 0)
      this.dashboard.addWidgets(
        new GraphWidget({ title: 'Connector: memory and CPU % (max)', width: 12, left: connectorWidgets }),
        new GraphWidget({
          title: 'Lambda: concurrent executions and throttles (account)',
          width: 12,
          left: [
            new Metric({
              namespace: 'AWS/Lambda',
              metricName: 'ConcurrentExecutions',
              period: Duration.minutes(1),
              statistic: 'Maximum',
            }),
          ],
          right: [
            new Metric({
              namespace: 'AWS/Lambda',
              metricName: 'Throttles',
              period: fiveMinutes,
              statistic: 'Sum',
            }),
          ],
        }),
      );
  }
}
