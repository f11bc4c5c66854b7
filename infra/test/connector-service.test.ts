import { Match } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { queues, restModules, serviceQueues } from '../../functions/src/manifest.ts';
import { queueUrlEnvName } from '../lib/app-manifest.ts';
import { sandboxModuleName } from '../lib/atende-stack.ts';
import { connectorHealthPort, connectorScaling } from '../lib/connector-service.ts';
import {
  ownFunctions,
  staleAcknowledgments,
  synthesize,
  unacknowledgedFindings,
  type Synthesized,
} from './synthesize.ts';

/** The product stack, connector included (the default). */
let synthesized: Synthesized;
/** The same with `connector: false`. */
let withoutConnector: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize();
  withoutConnector = synthesize({ connector: false });
});

const commandsDefinition = serviceQueues.find((q) => q.name === 'connector-commands')!;
/** The logical id of an L2 construct's resource, or of an L1 resource itself. */
const logicalId = (stack: Synthesized['stack'], construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId((construct.node.defaultChild ?? construct) as never);
const commandsQueue = (s: Synthesized) => s.stack.serviceQueues.queues.get('connector-commands')!;
const connector = () => synthesized.stack.connector!;
const taskDefinition = () =>
  synthesized.template.findResources('AWS::ECS::TaskDefinition')[
    logicalId(synthesized.stack, connector().taskDefinition)
  ]!.Properties as {
    Cpu: string;
    Memory: string;
    RequiresCompatibilities: string[];
    RuntimePlatform: unknown;
    ContainerDefinitions: Record<string, unknown>[];
  };
/** The statements of the IAM policies attached to a role. */
const statementsOf = (s: Synthesized, role: { node: { defaultChild?: unknown } }) =>
  Object.values(s.template.findResources('AWS::IAM::Policy'))
    .filter(
      (policy) =>
        JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: logicalId(s.stack, role) }]),
    )
    .flatMap(
      (policy) =>
        policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
const actionsOn = (statements: { Action: string | string[]; Resource: unknown }[], resource: unknown) =>
  statements
    .filter((st) => JSON.stringify(st.Resource).includes(JSON.stringify(resource)))
    .flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));

describe('service queues', () => {
  it('makes the connector-commands queue FIFO, deduplicated by the senders ids, redriving to a FIFO dead-letter queue', () => {
    expect(commandsDefinition).toMatchObject({ fifo: true, service: 'connector' });
    const { queue, deadLetters } = commandsQueue(synthesized);
    const resources = synthesized.template.findResources('AWS::SQS::Queue');
    expect(resources[logicalId(synthesized.stack, queue)]?.Properties).toMatchObject({
      FifoQueue: true,
      ContentBasedDeduplication: false,
      VisibilityTimeout: commandsDefinition.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(synthesized.stack, deadLetters), 'Arn'] },
        maxReceiveCount: commandsDefinition.maxReceiveCount,
      },
    });
    expect(resources[logicalId(synthesized.stack, deadLetters)]?.Properties).toMatchObject({
      FifoQueue: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('alarms on the dead-letter queue depth', () => {
    synthesized.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: {
            'Fn::GetAtt': [logicalId(synthesized.stack, commandsQueue(synthesized).deadLetters), 'QueueName'],
          },
        },
      ],
      Threshold: 1,
      AlarmActions: [{ Ref: Match.anyValue() }],
    });
  });

  it('lets every REST function and the ingest Lambda send commands, and tells them the queue URL only', () => {
    for (const s of [synthesized, withoutConnector]) {
      const { stack, template } = s;
      const queue = commandsQueue(s).queue;
      const queueArn = { 'Fn::GetAtt': [logicalId(stack, queue), 'Arn'] };
      const senders = [
        // Every deployed REST module: all of the manifest's but the sandbox, which a stage adds only on request.
        ...restModules
          .filter((m) => m.name !== sandboxModuleName)
          .map((m) => stack.restApi.functions.get(m.name)!),
        stack.workQueues.queues.get('inbound')!.consumer,
      ];
      expect(queues.map((q) => q.consumer.name)).toContain('ingest');
      for (const fn of senders) {
        const variables =
          ownFunctions(template)[logicalId(stack, fn.lambda)]?.Properties.Environment?.Variables;
        expect(variables?.[queueUrlEnvName('connector-commands')]).toEqual({ Ref: logicalId(stack, queue) });
        expect(variables).not.toHaveProperty('QUEUE_ARN_CONNECTOR_COMMANDS');
        expect(actionsOn(statementsOf(s, fn.role as never), queueArn)).toContain('sqs:SendMessage');
      }
    }
  });

  it('keeps the commands from the socket handler, the stream consumers and the deploy-time tasks', () => {
    const { stack, template } = synthesized;
    const others = [
      stack.webSocketApi.handler,
      ...stack.streamConsumers.functions.values(),
      ...stack.tasks.functions.values(),
    ];
    const queueArn = { 'Fn::GetAtt': [logicalId(stack, commandsQueue(synthesized).queue), 'Arn'] };
    for (const fn of others) {
      const variables =
        ownFunctions(template)[logicalId(stack, fn.lambda)]?.Properties.Environment?.Variables;
      expect(variables).not.toHaveProperty(queueUrlEnvName('connector-commands'));
      expect(actionsOn(statementsOf(synthesized, fn.role as never), queueArn)).toEqual([]);
    }
  });

  it('gives no schedule the right to deliver commands', () => {
    const { stack } = synthesized;
    const queueArn = { 'Fn::GetAtt': [logicalId(stack, commandsQueue(synthesized).queue), 'Arn'] };
    expect(actionsOn(statementsOf(synthesized, stack.schedules.deliveryRole as never), queueArn)).toEqual([]);
  });
});

describe('connector service', () => {
  it('runs one ARM64 Fargate task of 256 CPU units and 512 MiB', () => {
    expect(taskDefinition()).toMatchObject({
      Cpu: '256',
      Memory: '512',
      RequiresCompatibilities: ['FARGATE'],
      RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
    });
    synthesized.template.resourceCountIs('AWS::ECS::Service', 1);
    synthesized.template.hasResourceProperties('AWS::ECS::Service', {
      LaunchType: 'FARGATE',
      // The scaling owns the task count: a deploy must not set it back to one.
      DesiredCount: Match.absent(),
    });
  });

  it('scales on sessions per task: a metric from its log lines, tracked at 150 a task, 1 to 10 tasks', () => {
    const { template, stack } = synthesized;
    const [container] = taskDefinition().ContainerDefinitions as {
      Environment: { Name: string; Value: unknown }[];
    }[];
    expect(container!.Environment).toContainEqual({ Name: 'CONNECTOR_MAX_SESSIONS', Value: '200' });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(stack, connector().logGroup) },
      FilterPattern: '{ $.metric = "SessionsHeld" }',
      MetricTransformations: [
        {
          MetricNamespace: 'Atende/test/Connector',
          MetricName: 'SessionsHeld',
          MetricValue: '$.sessionsHeld',
        },
      ],
    });
    const targets = template.findResources('AWS::ApplicationAutoScaling::ScalableTarget');
    expect(Object.values(targets)).toHaveLength(1);
    const [targetId, target] = Object.entries(targets)[0] as [
      string,
      { Properties: Record<string, unknown> },
    ];
    expect(target.Properties).toMatchObject({
      MinCapacity: 1,
      MaxCapacity: 10,
      ScalableDimension: 'ecs:service:DesiredCount',
      ServiceNamespace: 'ecs',
    });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'TargetTrackingScaling',
      ScalingTargetId: { Ref: targetId },
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        TargetValue: 150,
        CustomizedMetricSpecification: Match.objectLike({
          Namespace: 'Atende/test/Connector',
          MetricName: 'SessionsHeld',
          Statistic: 'Average',
        }),
        ScaleInCooldown: 900,
        ScaleOutCooldown: 120,
      }),
    });
    // The connector logs the line the filter reads, at most one task's limit.
    expect(connectorScaling.targetSessionsPerTask).toBeLessThan(connectorScaling.maxSessionsPerTask);
  });

  it('rolls deploys with a new task before the old one stops, and rolls back a failing deploy', () => {
    synthesized.template.hasResourceProperties('AWS::ECS::Service', {
      DeploymentConfiguration: Match.objectLike({
        MinimumHealthyPercent: 100,
        MaximumPercent: 200,
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      }),
    });
  });

  it('runs in public subnets with a public IP, with no NAT gateway and no inbound rule', () => {
    const { template, stack } = synthesized;
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    const publicSubnets = connector().vpc.publicSubnets.map((subnet) => ({
      Ref: logicalId(stack, subnet.node.findChild('Subnet') as never),
    }));
    expect(connector().vpc.privateSubnets).toEqual([]);
    expect(connector().vpc.isolatedSubnets).toEqual([]);
    template.hasResourceProperties('AWS::ECS::Service', {
      NetworkConfiguration: {
        AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED', Subnets: publicSubnets }),
      },
    });
    for (const subnet of connector().vpc.publicSubnets) {
      template.hasResourceProperties('AWS::EC2::Route', {
        RouteTableId: { Ref: logicalId(stack, subnet.node.findChild('RouteTable') as never) },
        DestinationCidrBlock: '0.0.0.0/0',
        GatewayId: { Ref: Match.anyValue() },
      });
    }
    template.resourceCountIs('AWS::EC2::SecurityGroupIngress', 0);
    for (const group of Object.values(template.findResources('AWS::EC2::SecurityGroup'))) {
      expect(group.Properties.SecurityGroupIngress).toBeUndefined();
    }
  });

  it('waits for the route to the internet before starting a task', () => {
    const { template, stack } = synthesized;
    const service = template.findResources('AWS::ECS::Service')[logicalId(stack, connector().service)];
    const defaultRoutes = connector().vpc.publicSubnets.map((subnet) =>
      logicalId(stack, subnet.node.findChild('DefaultRoute') as never),
    );
    expect(service?.DependsOn).toEqual(expect.arrayContaining(defaultRoutes));
  });

  it('logs the VPC traffic', () => {
    synthesized.template.hasResourceProperties('AWS::EC2::FlowLog', {
      ResourceType: 'VPC',
      ResourceId: { Ref: logicalId(synthesized.stack, connector().vpc) },
      TrafficType: 'ALL',
      LogDestinationType: 'cloud-watch-logs',
    });
  });

  it('gives the container the table, bucket, queues, region and port, a health check and a month of logs', () => {
    const { stack } = synthesized;
    const [container] = taskDefinition().ContainerDefinitions;
    const environment = Object.fromEntries(
      (container?.Environment as { Name: string; Value: unknown }[]).map(({ Name, Value }) => [Name, Value]),
    );
    expect(environment).toEqual({
      TABLE_NAME: { Ref: logicalId(stack, stack.table.table) },
      MEDIA_BUCKET: { Ref: logicalId(stack, stack.mediaBucket.bucket) },
      QUEUE_URL_INBOUND: { Ref: logicalId(stack, stack.workQueues.queues.get('inbound')!.queue) },
      QUEUE_URL_CONNECTOR_COMMANDS: { Ref: logicalId(stack, commandsQueue(synthesized).queue) },
      QUEUE_URL_CONNECTOR_COMMANDS_VISIBILITY_SECONDS: '60',
      QUEUE_URL_CONNECTOR_COMMANDS_MAX_BATCH_SECONDS: '300',
      QUEUE_URL_CONNECTOR_LOOKUPS: {
        Ref: logicalId(stack, stack.serviceQueues.queues.get('connector-lookups')!.queue),
      },
      QUEUE_URL_CONNECTOR_LOOKUPS_VISIBILITY_SECONDS: '60',
      QUEUE_URL_CONNECTOR_LOOKUPS_MAX_BATCH_SECONDS: '300',
      AWS_REGION: 'us-east-1',
      PORT: String(connectorHealthPort),
      APP_STAGE: 'test',
      POWERTOOLS_SERVICE_NAME: 'atende-connector',
      POWERTOOLS_METRICS_NAMESPACE: 'atende/test',
      CONNECTOR_MAX_SESSIONS: '200',
    });
    expect(container).toMatchObject({
      Essential: true,
      HealthCheck: {
        Command: [
          'CMD',
          'node',
          '-e',
          expect.stringContaining(`http://127.0.0.1:${connectorHealthPort}/health`),
        ],
        Interval: 30,
        Retries: 3,
      },
      StopTimeout: 30,
      LinuxParameters: { InitProcessEnabled: true },
      LogConfiguration: {
        LogDriver: 'awslogs',
        Options: expect.objectContaining({
          'awslogs-group': { Ref: logicalId(stack, connector().logGroup) },
        }),
      },
    });
    expect(container).not.toHaveProperty('PortMappings');
    synthesized.template.hasResourceProperties('AWS::Logs::LogGroup', {
      RetentionInDays: 30,
    });
    synthesized.template.hasOutput('ConnectorLogGroupName', {
      Value: { Ref: logicalId(stack, connector().logGroup) },
    });
  });

  it('lets the task consume the commands queue, send to the inbound queue, use the table and the media', () => {
    const { stack } = synthesized;
    const statements = statementsOf(synthesized, connector().taskDefinition.taskRole as never);
    const arn = (construct: { node: { defaultChild?: unknown } }) => ({
      'Fn::GetAtt': [logicalId(stack, construct), 'Arn'],
    });
    expect(actionsOn(statements, arn(commandsQueue(synthesized).queue))).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']),
    );
    expect(actionsOn(statements, arn(commandsQueue(synthesized).queue))).not.toContain('sqs:SendMessage');
    const inbound = actionsOn(statements, arn(stack.workQueues.queues.get('inbound')!.queue));
    expect(inbound).toContain('sqs:SendMessage');
    expect(inbound).not.toContain('sqs:ReceiveMessage');
    expect(actionsOn(statements, arn(stack.table.table))).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:Query',
      ]),
    );
    expect(actionsOn(statements, arn(stack.mediaBucket.bucket))).toEqual(['s3:GetObject', 's3:PutObject']);
  });

  it('alarms when no task has run for five minutes', () => {
    const { stack } = synthesized;
    synthesized.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ECS',
      MetricName: 'CPUUtilization',
      Statistic: 'SampleCount',
      Dimensions: Match.arrayWith([
        { Name: 'ClusterName', Value: { Ref: logicalId(stack, connector().cluster) } },
      ]),
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      EvaluationPeriods: 5,
      TreatMissingData: 'breaching',
      AlarmActions: [{ Ref: Match.anyValue() }],
    });
  });

  it('stages the image context at synthesis, for linux/arm64, without node_modules and without building', () => {
    const assembly = synthesized.app.synth();
    const manifest = JSON.parse(
      readFileSync(join(assembly.directory, `${synthesized.stack.artifactId}.assets.json`), 'utf8'),
    ) as {
      dockerImages: Record<string, { source: { directory: string; dockerFile: string; platform: string } }>;
    };
    const images = Object.values(manifest.dockerImages);
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image?.source).toMatchObject({ dockerFile: 'connector/Dockerfile', platform: 'linux/arm64' });
    const context = join(assembly.directory, image!.source.directory);
    for (const file of [
      'connector/Dockerfile',
      'connector/build.ts',
      'connector/src/main.ts',
      'package-lock.json',
      'shared/package.json',
      'web/package.json',
    ]) {
      expect(existsSync(join(context, file)), file).toBe(true);
    }
    for (const excluded of [
      'node_modules',
      'connector/node_modules',
      'connector/dist',
      'functions/src',
      'web/src',
      'infra/lib',
      'cdk.out',
    ]) {
      expect(existsSync(join(context, excluded)), excluded).toBe(false);
    }
  });

  it('is left out with connector: false, with its queue still there for the API', () => {
    const { template, stack } = withoutConnector;
    expect(stack.connector).toBeUndefined();
    template.resourceCountIs('AWS::ECS::Service', 0);
    template.resourceCountIs('AWS::ECS::Cluster', 0);
    template.resourceCountIs('AWS::EC2::VPC', 0);
    expect(Object.keys(template.findOutputs('*'))).not.toContain('ConnectorLogGroupName');
    expect(commandsQueue(withoutConnector)).toBeDefined();
  });

  it('passes the cdk-nag checks without the connector too', () => {
    expect(unacknowledgedFindings(withoutConnector.app)).toEqual([]);
    expect(staleAcknowledgments(withoutConnector.app)).toEqual([]);
  });
});
