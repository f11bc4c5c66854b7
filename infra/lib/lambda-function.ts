import { Duration, Stack } from 'aws-cdk-lib';
import type { IWebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { dirname } from 'node:path';
import { bundlePath } from '../../functions/build.ts';
import { queueArnEnvName, queueUrlEnvName } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { acknowledgeRule, acknowledgeWildcardResource } from './nag.ts';
import { lambdaDefaults, powertoolsEnvironment } from './lambda-defaults.ts';

/** Where a function's code comes from, by bundle name. Tests swap it for a stub. */
export type FunctionCodeSource = (bundleName: string) => Code;

/** The esbuild bundle of functions/build.ts: functions/dist/<name>/index.mjs and its source map. */
export const bundledCode: FunctionCodeSource = (bundleName) =>
  Code.fromAsset(dirname(bundlePath(bundleName)));

export interface AppFunctionProps {
  /** Bundle name from the manifest. */
  bundleName: string;
  stage: DeploymentStage;
  code: FunctionCodeSource;
  /** @default 1024 */
  memoryMb?: number;
  /** @default 29 seconds, the longest API Gateway waits for an integration */
  timeout?: Duration;
}

/**
 * A Lambda function of the product with the defaults every one shares: Node.js 22 on ARM64,
 * the esbuild bundle as code, X-Ray tracing, its own log group kept for a month, and source
 * maps for stack traces. The `use*` methods each grant one capability and set the env var the
 * code reads for it, so a permission never exists without its configuration or vice versa.
 */
export class AppFunction extends Construct {
  readonly lambda: LambdaFunction;
  readonly role: IRole;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.stage.dataRemovalPolicy,
    });
    // An own role instead of the default one: the default attaches AWSLambdaBasicExecutionRole,
    // which may write to every log group of the account; this one writes to its own group only.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);
    this.role = role;

    this.lambda = new LambdaFunction(this, 'Function', {
      description: `${props.bundleName} (${props.stage.name})`,
      runtime: Runtime.NODEJS_22_X,
      architecture: lambdaDefaults.architecture === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64,
      code: props.code(props.bundleName),
      handler: 'index.handler',
      memorySize: props.memoryMb ?? lambdaDefaults.memoryMb,
      timeout: props.timeout ?? Duration.seconds(lambdaDefaults.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role,
      environment: {
        NODE_OPTIONS: lambdaDefaults.nodeOptions,
        APP_STAGE: props.stage.name,
        // Powertools Logger, Metrics and Tracer (functions/src/observability): every function alike.
        ...powertoolsEnvironment(props.stage.name),
      },
    });
    acknowledgeRule(
      this,
      'L1',
      'Node.js 22 is pinned on purpose: functions/build.ts bundles for target node22 and the local runtime runs the same bundles, so a newer runtime is a deliberate upgrade of both.',
    );
    acknowledgeWildcardResource(
      this,
      '*',
      'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions.',
    );
  }

  setEnvironment(name: string, value: string): void {
    this.lambda.addEnvironment(name, value);
  }

  /** Read/write on the table and its indexes; env TABLE_NAME. */
  useTable(table: ITable): void {
    table.grantReadWriteData(this.lambda);
    this.setEnvironment('TABLE_NAME', table.tableName);
    acknowledgeWildcardResource(
      this,
      `${table.tableArn}/index/*`,
      'Queries go through the table global secondary indexes (gsi1..gsi3), all of which belong to this one table.',
    );
  }

  /** Get, put and delete objects of the media bucket (also what presigned URLs need); env MEDIA_BUCKET. */
  useMediaBucket(bucket: IBucket): void {
    this.lambda.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    this.setEnvironment('MEDIA_BUCKET', bucket.bucketName);
    acknowledgeWildcardResource(
      this,
      bucket.arnForObjects('*'),
      'Media object keys (per company, conversation and upload) are created at runtime; access stays within the one media bucket.',
    );
  }

  /** List the media bucket's keys (the company purge deletes a company's folder by prefix). */
  useMediaListing(bucket: IBucket): void {
    this.lambda.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  }

  /** Send to one queue of the manifest; env QUEUE_URL_<NAME> and QUEUE_ARN_<NAME>. */
  useQueue(queueName: string, queue: IQueue): void {
    queue.grantSendMessages(this.lambda);
    this.setEnvironment(queueUrlEnvName(queueName), queue.queueUrl);
    this.setEnvironment(queueArnEnvName(queueName), queue.queueArn);
  }

  /**
   * Send to a queue a long-running service consumes (the connector's commands); env
   * QUEUE_URL_<NAME> only: no one-time schedule delivers to such a queue, so no ARN is needed.
   */
  useServiceQueue(queueName: string, queue: IQueue): void {
    queue.grantSendMessages(this.lambda);
    this.setEnvironment(queueUrlEnvName(queueName), queue.queueUrl);
  }

  /** Post to, inspect and close WebSocket connections; env WS_MANAGEMENT_ENDPOINT. */
  useWebSocketManagement(stage: IWebSocketStage): void {
    const connectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: stage.api.apiId,
      resourceName: `${stage.stageName}/*/@connections/*`,
    });
    this.lambda.addToRolePolicy(
      new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn] }),
    );
    this.setEnvironment('WS_MANAGEMENT_ENDPOINT', stage.callbackUrl);
    acknowledgeWildcardResource(
      this,
      connectionsArn,
      'Connection ids are assigned by API Gateway at runtime; the grant covers the @connections API of this one WebSocket stage.',
    );
  }

  /**
   * Send e-mail through SES as `from` (an address, or `Name <address>`); env MAIL_FROM. The
   * grant names the sending identities only: the address and its domain, whichever of the two
   * is verified in SES.
   */
  useMail(from: string): void {
    const address = mailAddress(from);
    const domain = address.slice(address.lastIndexOf('@') + 1);
    const identityArn = (identity: string) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    this.lambda.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [identityArn(address), identityArn(domain)],
      }),
    );
    this.setEnvironment('MAIL_FROM', from);
  }

  /** Read the JWT signing secret; env JWT_SECRET_ARN. */
  useJwtSecret(secret: ISecret): void {
    secret.grantRead(this.lambda);
    this.setEnvironment('JWT_SECRET_ARN', secret.secretArn);
  }

  /**
   * Create, move and cancel one-time schedules in the product's schedule group, handing them
   * the role that lets EventBridge Scheduler deliver to the queues; env SCHEDULER_ROLE_ARN and
   * SCHEDULER_GROUP_NAME.
   */
  useScheduler(group: IScheduleGroup, schedulerRole: IRole): void {
    const schedulesArn = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${group.scheduleGroupName}/*`,
    });
    this.lambda.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ],
        resources: [schedulesArn],
      }),
    );
    schedulerRole.grantPassRole(this.lambda.grantPrincipal);
    this.setEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);
    this.setEnvironment('SCHEDULER_GROUP_NAME', group.scheduleGroupName);
    acknowledgeWildcardResource(
      this,
      schedulesArn,
      'Schedule names are per timer (e.g. company, ticket and purpose) and created at runtime; the grant covers this one schedule group.',
    );
  }
}

/** The address of a From value (`a@b.c` or `Name <a@b.c>`); throws on anything else. */
export function mailAddress(from: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) {
    throw new Error(`"${from}" is not an e-mail address (mailFrom must be an address or "Name <address>")`);
  }
  return address;
}
