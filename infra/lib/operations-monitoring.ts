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
import { connectorServiceName, metricsNamespace } from './lambda-defaults.ts';

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
  /** How late a scheduled message may go out after its due time (ScheduleLagMs, maximum over a minute). */
  scheduleLagMs: 60_000,
  /** Sends one company's connections failed in 5 minutes (SendFailures, per company). */
  companySendFailuresPerFiveMinutes: 5,
  /** WhatsApp sessions the connector lost in 5 minutes (SessionDrops: closed and reconnecting, or logged out). */
  sessionDropsPerFiveMinutes: 5,
} as const;

/**
 * The custom metrics (functions/src/observability/metrics.ts, connector/src/ports.ts) and the
 * dimension sets they are written with: a Metrics Insights SCHEMA names them exactly.
 */
export const customMetrics = {
  perConnection: ['MessagesIn', 'MessagesOut', 'SendFailures'],
  perConnectionDimensions: ['companyId', 'connectionId', 'service'],
  scheduleLag: 'ScheduleLagMs',
  sessionDrops: 'SessionDrops',
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
 * throttles), the stream consumers' lag, the REST API's 5xx, the table's throttles, the
 * connector's memory and dropped sessions, schedule lag and a company's failing sends (custom
 * metrics in EMF), all to the alarm topic, and one dashboard with the same figures. Its own
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

    // Business metrics in EMF (docs/operations.md, "Metrics"): the stage's own namespace.
    const namespace = metricsNamespace(props.stage.name);
    const business = (
      metricName: string,
      statistic: string,
      period: Duration,
      dimensionsMap = { service: 'atende' },
    ) => new Metric({ namespace, metricName, dimensionsMap, period, statistic });
    const perConnectionSchema = `SCHEMA("${namespace}", ${customMetrics.perConnectionDimensions.join(', ')})`;
    const scheduleLag = business(customMetrics.scheduleLag, 'Maximum', Duration.minutes(1));
    add(
      'schedules:lag',
      new Alarm(this, 'ScheduleLag', {
        alarmDescription: `A scheduled message went out more than ${alarmThresholds.scheduleLagMs / 1000} s after its time (docs/operations.md, "Schedule lag").`,
        metric: scheduleLag,
        threshold: alarmThresholds.scheduleLagMs,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        // No schedule due: no datapoint, nothing late.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    // One alarm over every company (a Metrics Insights query grouped by company: each company is
    // a contributor of its own), rather than an alarm per company.
    const companySendFailures = new MathExpression({
      expression: `SELECT SUM(SendFailures) FROM ${perConnectionSchema} GROUP BY companyId`,
      usingMetrics: {},
      period: fiveMinutes,
      label: 'send failures per company',
    });
    add(
      'companies:send-failures',
      new Alarm(this, 'CompanySendFailures', {
        alarmDescription: `A company's sends failed ${alarmThresholds.companySendFailuresPerFiveMinutes} or more times in 5 minutes (docs/operations.md, "A company's sends failing").`,
        metric: companySendFailures,
        threshold: alarmThresholds.companySendFailuresPerFiveMinutes,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    let connectorWidgets: IMetric[] = [];
    let sessionDrops: Metric | undefined;
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
      sessionDrops = business(customMetrics.sessionDrops, 'Sum', fiveMinutes, {
        service: connectorServiceName,
      });
      add(
        'connector:session-drops',
        new Alarm(this, 'ConnectorSessionDrops', {
          alarmDescription: `The connector lost ${alarmThresholds.sessionDropsPerFiveMinutes} or more WhatsApp sessions in 5 minutes (docs/operations.md, "Sessions dropping").`,
          metric: sessionDrops,
          threshold: alarmThresholds.sessionDropsPerFiveMinutes,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
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
    const insights = (query: string, label: string) =>
      new MathExpression({ expression: query, usingMetrics: {}, period: fiveMinutes, label });
    const perConnection = (metricName: string) =>
      insights(`SELECT SUM(${metricName}) FROM ${perConnectionSchema}`, metricName);
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Messages in and out, send failures (all companies)',
        width: 12,
        left: customMetrics.perConnection.map(perConnection),
      }),
      new GraphWidget({
        title: 'Send failures: top companies',
        width: 12,
        left: [
          insights(
            `SELECT SUM(SendFailures) FROM ${perConnectionSchema} GROUP BY companyId ORDER BY SUM() DESC LIMIT 10`,
            'send failures',
          ),
        ],
      }),
      new GraphWidget({
        title: 'Schedule lag (max, ms)',
        width: 12,
        left: [scheduleLag],
        leftAnnotations: [{ value: alarmThresholds.scheduleLagMs, label: 'alarm' }],
      }),
      new GraphWidget({
        title: 'Bot turns, webhooks, campaign recipients',
        width: 12,
        left: [
          insights(`SELECT SUM(BotTurns) FROM SCHEMA("${namespace}", kind, service)`, 'bot turns'),
          insights(
            `SELECT SUM(BotTurnFailures) FROM SCHEMA("${namespace}", kind, service)`,
            'bot turn failures',
          ),
          business('WebhookDeliveries', 'Sum', fiveMinutes).with({ label: 'webhook deliveries' }),
          business('WebhookFailures', 'Sum', fiveMinutes).with({ label: 'webhook failures' }),
        ],
        right: [
          business('CampaignRecipients', 'Sum', Duration.minutes(1)).with({
            label: 'campaign recipients / min',
          }),
        ],
      }),
      new GraphWidget({
        title: 'REST 4xx and 5xx: top routes',
        width: 24,
        left: [
          insights(
            `SELECT SUM(Rest4xx) FROM SCHEMA("${namespace}", route, service) GROUP BY route ORDER BY SUM() DESC LIMIT 10`,
            '4xx',
          ),
        ],
        right: [
          insights(
            `SELECT SUM(Rest5xx) FROM SCHEMA("${namespace}", route, service) GROUP BY route ORDER BY SUM() DESC LIMIT 10`,
            '5xx',
          ),
        ],
      }),
    );
    if (sessionDrops)
      this.dashboard.addWidgets(
        new GraphWidget({ title: 'Connector: sessions dropped (5 min)', width: 12, left: [sessionDrops] }),
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
