import { Duration, Size, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  AwsLogDriverMode,
  Cluster,
  ContainerImage,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  LinuxParameters,
  LogDrivers,
  OperatingSystemFamily,
  type ContainerDefinition,
} from 'aws-cdk-lib/aws-ecs';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueUrlEnvName } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { connectorServiceName, metricsNamespace } from './lambda-defaults.ts';
import { acknowledgeRule, acknowledgeWildcardResource } from './nag.ts';
import type { OperationalAlarms } from './operational-alarms.ts';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The connector's image: connector/Dockerfile with the repository root as its context (trimmed
 * by /.dockerignore to what the build reads), for linux/arm64. Synthesis only stages the context
 * in cdk.out; `cdk deploy` builds and pushes it.
 */
export function connectorImageFromSource(): ContainerImage {
  return ContainerImage.fromAsset(repositoryRoot, {
    file: 'connector/Dockerfile',
    platform: Platform.LINUX_ARM64,
  });
}

/** The port of the connector's health endpoint (GET /health). */
export const connectorHealthPort = 8080;

/**
 * Sharding (docs/connector.md, "Sharding"): one task holds at most `maxSessionsPerTask`
 * sessions; the service adds tasks to keep the average near `targetSessionsPerTask`, so a new
 * task has room before the others are full, between `minTasks` and `maxTasks`.
 */
export const connectorScaling = {
  maxSessionsPerTask: 200,
  targetSessionsPerTask: 150,
  minTasks: 1,
  maxTasks: 10,
};

export interface ConnectorServiceProps {
  stage: DeploymentStage;
  table: ITable;
  mediaBucket: IBucket;
  /** Where the connector sends the WhatsApp events (the `inbound` work queue). */
  inboundQueue: { name: string; queue: IQueue };
  /**
   * The queues it consumes (the `connector-commands` service queue), with the visibility timeout
   * its poller renews while a batch is in hand and the longest it keeps one.
   */
  consumedQueues: {
    name: string;
    queue: IQueue;
    visibilityTimeoutSeconds: number;
    maxBatchSeconds: number;
  }[];
  alarms: OperationalAlarms;
}

/**
 * The WhatsApp connector (docs/connector.md) as an always-on Fargate service, one task or more
 * sharing the sessions (scaled on sessions per task): ARM64 with 0.25 vCPU and 512 MiB each, in a VPC of its own with public subnets only and no NAT gateway. The task gets
 * a public IP to reach WhatsApp and the AWS APIs (the table and the media bucket through free
 * gateway endpoints) and accepts no inbound connection.
 *
 * Deploys roll with 100/200 %: a new task starts and turns healthy before the old one stops.
 * The overlap is safe because each session runs under a lease with a fence (a second task
 * cannot write a session's credentials), and the stopping task frees its leases so the new one
 * takes them at once. A deploy whose tasks never turn healthy rolls back by itself.
 */
export class ConnectorService extends Construct {
  readonly vpc: Vpc;
  readonly cluster: Cluster;
  readonly taskDefinition: FargateTaskDefinition;
  readonly container: ContainerDefinition;
  readonly service: FargateService;
  readonly logGroup: LogGroup;
  /** Sessions held per task (average over the running tasks), what the service scales on. */
  readonly sessionsHeld: Metric;

  constructor(scope: Construct, id: string, props: ConnectorServiceProps) {
    super(scope, id);
    const removalPolicy = props.stage.dataRemovalPolicy;

    this.vpc = new Vpc(this, 'Network', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        // Public IPs are given per task (assignPublicIp), not to whatever else starts here.
        { name: 'Public', subnetType: SubnetType.PUBLIC, cidrMask: 24, mapPublicIpOnLaunch: false },
      ],
      // Free, and the table and media traffic then stays on the AWS network.
      gatewayEndpoints: {
        DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
        S3: { service: GatewayVpcEndpointAwsService.S3 },
      },
      // Nothing uses the default security group; restricting it would cost a custom-resource Lambda.
      restrictDefaultSecurityGroup: false,
    });
    const flowLogs = new LogGroup(this, 'FlowLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy });
    this.vpc.addFlowLog('FlowLog', {
      destination: FlowLogDestination.toCloudWatchLogs(flowLogs),
      trafficType: FlowLogTrafficType.ALL,
    });

    this.cluster = new Cluster(this, 'Cluster', { vpc: this.vpc });
    acknowledgeRule(
      this.cluster,
      'ECS4',
      'Container Insights would bill about as much as the one small task it watches; the service is watched instead by an alarm on its CPU metric going missing, its container health check and its logs.',
    );

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy });
    this.taskDefinition = new FargateTaskDefinition(this, 'Task', {
      cpu: 256,
      memoryLimitMiB: 512,
      runtimePlatform: {
        cpuArchitecture: CpuArchitecture.ARM64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
    });
    const healthUrl = `http://127.0.0.1:${connectorHealthPort}/health`;
    this.container = this.taskDefinition.addContainer('Connector', {
      image: connectorImageFromSource(),
      essential: true,
      environment: {
        TABLE_NAME: props.table.tableName,
        MEDIA_BUCKET: props.mediaBucket.bucketName,
        [queueUrlEnvName(props.inboundQueue.name)]: props.inboundQueue.queue.queueUrl,
        ...Object.fromEntries(
          props.consumedQueues.flatMap(({ name, queue, visibilityTimeoutSeconds, maxBatchSeconds }) => [
            [queueUrlEnvName(name), queue.queueUrl],
            [`${queueUrlEnvName(name)}_VISIBILITY_SECONDS`, String(visibilityTimeoutSeconds)],
            [`${queueUrlEnvName(name)}_MAX_BATCH_SECONDS`, String(maxBatchSeconds)],
          ]),
        ),
        AWS_REGION: Stack.of(this).region,
        PORT: String(connectorHealthPort),
        APP_STAGE: props.stage.name,
        // Its log lines and EMF metrics in the functions' shape and namespace (connector/src/ports.ts).
        POWERTOOLS_SERVICE_NAME: connectorServiceName,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(props.stage.name),
        CONNECTOR_MAX_SESSIONS: String(connectorScaling.maxSessionsPerTask),
      },
      logging: LogDrivers.awsLogs({
        logGroup: this.logGroup,
        streamPrefix: 'connector',
        // A slow log delivery must never block the process's stdout (and its WhatsApp sockets).
        mode: AwsLogDriverMode.NON_BLOCKING,
        maxBufferSize: Size.mebibytes(4),
      }),
      // The image has no curl; Node's fetch does the probe.
      healthCheck: {
        command: [
          'CMD',
          'node',
          '-e',
          `fetch(${JSON.stringify(healthUrl)},{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))`,
        ],
        interval: Duration.seconds(30),
        timeout: Duration.seconds(5),
        retries: 3,
        startPeriod: Duration.seconds(60),
      },
      // SIGTERM, then SIGKILL after this: the connector closes its sockets and frees its leases in ~20 s.
      stopTimeout: Duration.seconds(30),
      // An init process forwards SIGTERM to node and reaps the health checks' processes.
      linuxParameters: new LinuxParameters(this, 'LinuxParameters', { initProcessEnabled: true }),
    });
    acknowledgeRule(
      this.taskDefinition,
      'ECS2',
      'The environment holds no secret: the table and bucket names, queue URLs, region, stage and health port; the connector reaches AWS through its task role.',
    );

    const securityGroup = new SecurityGroup(this, 'SecurityGroup', {
      vpc: this.vpc,
      description: 'The connector: outbound only (WhatsApp and the AWS APIs); no inbound rule',
      allowAllOutbound: true,
    });
    const subnets = this.vpc.selectSubnets({ subnetType: SubnetType.PUBLIC });
    this.service = new FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      // No desiredCount: the scaling below owns it (1 when the service is created); a deploy
      // that set it would drop a scaled-out service to one task and its sessions with it.
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { enable: true, rollback: true },
      vpcSubnets: { subnets: subnets.subnets },
      assignPublicIp: true,
      securityGroups: [securityGroup],
    });
    // The first task pulls its image over the internet: not before the subnets' default route exists.
    this.service.node.addDependency(subnets.internetConnectivityEstablished);

    acknowledgeWildcardResource(
      this.taskDefinition.obtainExecutionRole(),
      '*',
      'Pulling the image needs ecr:GetAuthorizationToken, which supports no resource-level permission; the pull itself is granted on the one asset repository.',
    );
    this.grantTaskRole(props);
    this.sessionsHeld = this.scaleOnSessions(props.stage);
    // Fargate reports the service's CPU every minute while a task runs: none for 5 minutes means
    // no connector (crashing, failing its health check, or unable to start).
    props.alarms.alarmOnAbsentMetric(
      this,
      'NotRunningAlarm',
      this.service.metricCpuUtilization(),
      5,
      'No connector task has run for 5 minutes: WhatsApp messages are neither received nor sent.',
    );
  }

  /**
   * Scales on sessions per task: each task logs the sessions it holds once a minute
   * (`{"metric":"SessionsHeld","sessionsHeld":n}`); a metric filter turns the lines into the
   * SessionsHeld metric, whose average over the tasks is tracked at the target. Scaling in is
   * slow (each removed task's sessions reconnect on the others).
   */
  private scaleOnSessions(stage: DeploymentStage): Metric {
    const namespace = `Atende/${stage.name}/Connector`;
    new MetricFilter(this, 'SessionsHeldFilter', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.stringValue('$.metric', '=', 'SessionsHeld'),
      metricNamespace: namespace,
      metricName: 'SessionsHeld',
      metricValue: '$.sessionsHeld',
    });
    const sessionsHeld = new Metric({
      namespace,
      metricName: 'SessionsHeld',
      statistic: 'Average',
      period: Duration.minutes(1),
    });
    this.service
      .autoScaleTaskCount({ minCapacity: connectorScaling.minTasks, maxCapacity: connectorScaling.maxTasks })
      .scaleToTrackCustomMetric('SessionsPerTask', {
        metric: sessionsHeld,
        targetValue: connectorScaling.targetSessionsPerTask,
        scaleOutCooldown: Duration.minutes(2),
        scaleInCooldown: Duration.minutes(15),
      });
    return sessionsHeld;
  }

  /** What the connector itself may do (docs/connector.md): nothing beyond its table, media and queues. */
  private grantTaskRole(props: ConnectorServiceProps): void {
    const role = this.taskDefinition.taskRole;
    props.table.grantReadWriteData(role);
    acknowledgeWildcardResource(
      this.taskDefinition,
      `${props.table.tableArn}/index/*`,
      'The connector lists the sessions to run through a global secondary index (gsi2) of the one table.',
    );
    const mediaObjects = props.mediaBucket.arnForObjects('*');
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [mediaObjects] }),
    );
    acknowledgeWildcardResource(
      this.taskDefinition,
      mediaObjects,
      'The connector stores received media under keys made at runtime (per company and message) and reads outgoing media by key, within the one media bucket.',
    );
    props.inboundQueue.queue.grantSendMessages(role);
    for (const { queue } of props.consumedQueues) queue.grantConsumeMessages(role);
  }
}
