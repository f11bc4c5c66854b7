import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiFirewall, viewerAddressHeader, type ApiRateLimits } from './api-firewall.ts';
import { ApiGatewayLogging } from './api-gateway-logging.ts';
import { productManifest, type AppManifest } from './app-manifest.ts';
import { AppTable } from './app-table.ts';
import { DeployTasks } from './deploy-tasks.ts';
import { DeploymentStage } from './deployment-stage.ts';
import { allowTableReads, allowUsagePlanManagement } from './external-api-usage.ts';
import { FirstSuperUserSecret } from './first-super-user-secret.ts';
import { JwtSecret } from './jwt-secret.ts';
import { ConnectorService } from './connector-service.ts';
import { bundledCode, type FunctionCodeSource } from './lambda-function.ts';
import { LogsBucket } from './logs-bucket.ts';
import { MediaBucket, mediaCorsOrigins } from './media-bucket.ts';
import { OneTimeSchedules } from './one-time-schedules.ts';
import { RecurringSchedules } from './recurring-schedules.ts';
import { OperationalAlarms } from './operational-alarms.ts';
import { OperationsMonitoring, type WatchedFunction } from './operations-monitoring.ts';
import { AppRestApi } from './rest-api.ts';
import { SecretsKey } from './secrets-key.ts';
import { ServiceQueues } from './service-queues.ts';
import { StreamConsumers } from './stream-consumers.ts';
import { LiveWebSocketApi } from './websocket-api.ts';
import { WebDistribution, type CustomDomain } from './web-distribution.ts';
import { WorkQueues } from './work-queues.ts';

/** The work queue the connector sends WhatsApp events to (docs/connector.md). */
const connectorInboundQueue = 'inbound';

/**
 * The first super user, created by the bootstrap task on the first deploy. Its password is
 * generated into Secrets Manager (output FirstSuperUserSecretArn), never given in the template.
 */
export interface FirstSuperUser {
  email: string;
}

export interface AtendeStackProps extends StackProps {
  /** dev, prod, ...; only prod keeps data on removal. */
  stageName: string;
  /** @default the product manifest of functions/src/manifest.ts */
  manifest?: AppManifest;
  /** @default the esbuild bundles in functions/dist */
  functionCode?: FunctionCodeSource;
  /** The built SPA; omitted, the SPA bucket is created empty. */
  webAssetsDir?: string;
  customDomain?: CustomDomain;
  /** Receives the alarm notifications (a subscription to confirm by e-mail). */
  alarmEmail?: string;
  firstSuperUser?: FirstSuperUser;
  /**
   * The sender of the product's e-mail (password reset), an address verified in SES or on a
   * verified domain. @default `no-reply@<custom domain>`; without either, no e-mail is sent.
   */
  mailFrom?: string;
  /** Differs on every deploy so the deploy-time tasks run each time; see DeployTasks. */
  tasksRunId?: string;
  /**
   * The WhatsApp connector's Fargate service (and its VPC). Without it the API works, but no
   * WhatsApp connection does: its commands wait in their queue until a connector runs.
   * @default true
   */
  connector?: boolean;
  /**
   * The sandbox module (/api/sandbox, simulated WhatsApp traffic for demos and tests): left out
   * of the deployment unless a stage asks for it (`-c sandbox=true`). @default false
   */
  sandbox?: boolean;
  /** The REST API firewall's per-address and per-session budgets (ApiFirewall). */
  apiRateLimits?: ApiRateLimits;
  /**
   * Requests the signed-in users of one company may make together per minute, counted by the
   * REST functions themselves (WAF cannot read a verified company from a token). @default 3000
   */
  companyRequestsPerMinute?: number;
}

/** The REST modules that provision the external API's usage plans and keys (plans, companies). */
const usagePlanModules = ['plans', 'companies'];

/** The REST module that simulates WhatsApp traffic; deployed only with `sandbox: true`. */
export const sandboxModuleName = 'sandbox';

/**
 * The whole product in one stack, composed of one construct per concern, so cross-references
 * stay plain properties. A REST module, stream consumer or queue only needs its manifest entry;
 * the WhatsApp connector (a Fargate service) is handed the table, bucket and queues like the
 * functions are.
 */
export class AtendeStack extends Stack {
  readonly table: AppTable;
  readonly mediaBucket: MediaBucket;
  readonly restApi: AppRestApi;
  readonly webSocketApi: LiveWebSocketApi;
  readonly streamConsumers: StreamConsumers;
  readonly workQueues: WorkQueues;
  /** The nested stack holding the work queues and the stream consumers (the 500-resource limit). */
  readonly workers: NestedStack;
  readonly serviceQueues: ServiceQueues;
  readonly schedules: OneTimeSchedules;
  readonly tasks: DeployTasks;
  readonly web: WebDistribution;
  /** The REST API's WAF web ACL: CloudFront only, per-address and per-session budgets. */
  readonly apiFirewall: ApiFirewall;
  /** Absent with `connector: false`. */
  readonly connector?: ConnectorService;
  /** The alarms on every function, the stream lag, the API and the table, and the dashboard (docs/operations.md). */
  readonly operations: OperationsMonitoring;

  constructor(scope: Construct, id: string, props: AtendeStackProps) {
    super(scope, id, props);
    const stage = new DeploymentStage(props.stageName);
    const fullManifest = props.manifest ?? productManifest;
    const sandbox = props.sandbox ?? false;
    const manifest = sandbox
      ? fullManifest
      : {
          ...fullManifest,
          restModules: fullManifest.restModules.filter((module) => module.name !== sandboxModuleName),
        };
    const code = props.functionCode ?? bundledCode;

    const logs = new LogsBucket(this, 'Logs', { stage });
    this.table = new AppTable(this, 'Data', { stage });
    this.mediaBucket = new MediaBucket(this, 'Media', {
      stage,
      accessLogs: logs.bucket,
      corsOrigins: mediaCorsOrigins(props.customDomain?.domainName),
    });
    const jwtSecret = new JwtSecret(this, 'JwtSecret', { stage });
    const alarms = new OperationalAlarms(this, 'Alarms', { stage, notifyEmail: props.alarmEmail });
    this.schedules = new OneTimeSchedules(this, 'Schedules', { stage });
    // CloudFormation allows 500 resources per stack: the queues with their consumers and the
    // table stream's consumers (about ten resources each) live in a nested stack, so adding a
    // module never pushes the product over the limit. CDK wires the references across.
    this.workers = new NestedStack(this, 'Workers', {
      description: 'The work queues with their consumers and the table stream consumers',
    });
    this.workQueues = new WorkQueues(this.workers, 'Queues', {
      stage,
      definitions: manifest.queues,
      code,
      alarms,
    });
    for (const workQueue of this.workQueues.queues.values()) this.schedules.allowDeliveryTo(workQueue.queue);
    new RecurringSchedules(this, 'RecurringSchedules', {
      definitions: manifest.recurringSchedules ?? [],
      queues: this.workQueues.queues,
      schedules: this.schedules,
    });
    this.serviceQueues = new ServiceQueues(this, 'ServiceQueues', {
      definitions: manifest.serviceQueues,
      alarms,
    });

    const apiGatewayLogging = new ApiGatewayLogging(this, 'ApiGatewayLogging');
    this.restApi = new AppRestApi(this, 'Rest', {
      stage,
      modules: manifest.restModules,
      code,
      logging: apiGatewayLogging,
      authorizers: manifest.restAuthorizers ?? [],
    });
    this.webSocketApi = new LiveWebSocketApi(this, 'Live', {
      stage,
      definition: manifest.webSocketApi,
      code,
      logging: apiGatewayLogging,
    });
    this.streamConsumers = new StreamConsumers(this.workers, 'Streams', {
      stage,
      consumers: manifest.streamConsumers,
      table: this.table.table,
      code,
      alarms,
    });

    // What each kind of function may use. Every function reads and writes the table, enqueues
    // work, sets timers and pushes to live connections (the socket handler got the latter from
    // LiveWebSocketApi). Only those serving users' requests verify tokens; only those handling
    // attachments (REST modules and queue consumers) touch media.
    const restFunctions = [...this.restApi.functions.values()];
    const queueConsumers = [...this.workQueues.queues.values()].map((workQueue) => workQueue.consumer);
    const streamFunctions = [...this.streamConsumers.functions.values()];
    const socketHandler = this.webSocketApi.handler;
    for (const fn of [...restFunctions, socketHandler, ...queueConsumers, ...streamFunctions]) {
      fn.useTable(this.table.table);
      fn.useScheduler(this.schedules.group, this.schedules.deliveryRole);
      for (const [name, workQueue] of this.workQueues.queues) fn.useQueue(name, workQueue.queue);
    }
    for (const fn of [...restFunctions, ...queueConsumers, ...streamFunctions]) {
      fn.useWebSocketManagement(this.webSocketApi.stage);
    }
    for (const fn of [...restFunctions, socketHandler]) fn.useJwtSecret(jwtSecret.secret);
    // Companies' secrets (AI prompt keys): the prompts module seals them, the bot turn opens them.
    const secretsKey = new SecretsKey(this, 'SecretsKey', { stage });
    const promptsModule = this.restApi.functions.get('prompts');
    if (promptsModule) secretsKey.allowSealing(promptsModule);
    // Queue integrations' service-account JSON and signing keys: the module seals them (and
    // opens a stored key file for the dialog's Test); the bot turn opens them for its providers.
    const integrationsModule = this.restApi.functions.get('queue-integrations');
    if (integrationsModule) secretsKey.allowSealing(integrationsModule);
    const botTurns = this.workQueues.queues.get('bot-turns');
    if (botTurns) secretsKey.allowOpening(botTurns.consumer);
    // Outbound webhooks' signing secrets: the module seals them (create, rotate, the next save of
    // one stored in clear before sealing); the delivery worker opens them to sign each attempt.
    const webhooksModule = this.restApi.functions.get('webhooks');
    if (webhooksModule) secretsKey.allowSealing(webhooksModule);
    const webhookDeliveries = this.workQueues.queues.get('webhook-deliveries');
    if (webhookDeliveries) secretsKey.allowOpening(webhookDeliveries.consumer);
    // The platform's payment secrets (the Asaas token, its webhook token): the settings module
    // seals them when a super user saves one; checkout and the payment webhook open them.
    const settingsModule = this.restApi.functions.get('settings');
    if (settingsModule) secretsKey.allowSealing(settingsModule);
    const subscriptionModule = this.restApi.functions.get('subscription');
    if (subscriptionModule) secretsKey.allowOpening(subscriptionModule);
    // The external message API: its authorizer reads the table; the modules that change plans
    // and companies keep the usage plans and API keys in step.
    for (const fn of this.restApi.authorizerFunctions.values()) allowTableReads(fn, this.table.table);
    for (const name of usagePlanModules) {
      const fn = this.restApi.functions.get(name);
      if (fn) allowUsagePlanManagement(fn, this.restApi.api, stage.name);
    }
    // The sandbox routes (and the WhatsApp module's sandbox connections) answer only when enabled.
    if (sandbox) for (const fn of restFunctions) fn.setEnvironment('SANDBOX_ENABLED', 'true');
    for (const fn of [...restFunctions, ...queueConsumers]) fn.useMediaBucket(this.mediaBucket.bucket);
    // The company purge deletes a deleted company's media folder, which it lists first.
    this.workQueues.queues.get('company-purge')?.consumer.useMediaListing(this.mediaBucket.bucket);
    // Commands to the connector come from the REST modules (connections, messages, sandbox) and
    // the queue consumers (ingest rejects calls and sends automatic replies).
    for (const fn of [...restFunctions, ...queueConsumers]) {
      for (const [name, serviceQueue] of this.serviceQueues.queues)
        fn.useServiceQueue(name, serviceQueue.queue);
    }
    // Every REST module may send mail as the one sender (today password reset does); without a
    // sender, none gets the permission or MAIL_FROM.
    const mailFrom =
      props.mailFrom ?? (props.customDomain ? `no-reply@${props.customDomain.domainName}` : undefined);
    if (mailFrom !== undefined) for (const fn of restFunctions) fn.useMail(mailFrom);
    // Connection health's alert e-mails (docs/decisions.md, "Connections that tell you"): the stream
    // follower of connector writes (schedule-outcomes) and the silence watch (timers) send them.
    const healthMailers = [this.streamConsumers.functions.get('schedule-outcomes'), this.workQueues.queues.get('timers')?.consumer];
    if (mailFrom !== undefined) for (const fn of healthMailers) fn?.useMail(mailFrom);

    // Deploy-time tasks (the first-start bootstrap) run once the table exists, on every deploy.
    this.tasks = new DeployTasks(this, 'Tasks', {
      stage,
      tasks: manifest.tasks,
      code,
      // The API's stage too: the usage plans the API usage sync makes are attached to it.
      executeAfter: [this.table, this.restApi.api.deploymentStage],
      runId: props.tasksRunId,
    });
    for (const fn of this.tasks.functions.values()) fn.useTable(this.table.table);
    const apiUsageSync = this.tasks.functions.get('api-usage-sync');
    if (apiUsageSync) allowUsagePlanManagement(apiUsageSync, this.restApi.api, stage.name);
    const bootstrap = this.tasks.functions.get('bootstrap');
    const firstPassword = bootstrap ? new FirstSuperUserSecret(this, 'FirstSuperUser', { stage }) : undefined;
    if (bootstrap && firstPassword) {
      // Only the secret's ARN is in the template; the task reads the password itself.
      firstPassword.secret.grantRead(bootstrap.lambda);
      bootstrap.setEnvironment('ADMIN_PASSWORD_SECRET_ARN', firstPassword.secret.secretArn);
      if (props.firstSuperUser) bootstrap.setEnvironment('ADMIN_EMAIL', props.firstSuperUser.email);
    }
    // Per-client limits (sign-in, sign-up, password reset) key on the viewer's address, which
    // the distribution's CloudFront Function writes over anything the client sent (the same
    // header the firewall counts by); API Gateway's own sourceIp is the edge server's.
    for (const fn of restFunctions) fn.setEnvironment('CLIENT_ADDRESS_HEADER', viewerAddressHeader);
    // One tenant's flood must not spend the stage-wide throttle every tenant shares.
    for (const fn of restFunctions)
      fn.setEnvironment('COMPANY_REQUESTS_PER_MINUTE', String(props.companyRequestsPerMinute ?? 3000));

    if (props.connector ?? true) {
      const inbound = this.workQueues.queues.get(connectorInboundQueue);
      if (!inbound)
        throw new Error(
          `The connector sends to the "${connectorInboundQueue}" queue, which the manifest lacks`,
        );
      this.connector = new ConnectorService(this, 'Connector', {
        stage,
        table: this.table.table,
        mediaBucket: this.mediaBucket.bucket,
        inboundQueue: { name: connectorInboundQueue, queue: inbound.queue },
        consumedQueues: this.serviceQueues
          .consumedBy('connector')
          .map(({ definition, queue }) => ({
            name: definition.name,
            queue,
            visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
            maxBatchSeconds: definition.maxBatchSeconds,
          })),
        alarms,
      });
    }

    const watched: WatchedFunction[] = [
      ...[...this.restApi.functions].map(([name, fn]) => ({ name, fn, kind: 'rest' as const })),
      ...[...this.restApi.authorizerFunctions].map(([name, fn]) => ({ name, fn, kind: 'rest' as const })),
      { name: 'socket', fn: socketHandler, kind: 'socket' },
      ...[...this.workQueues.queues].map(([name, q]) => ({ name, fn: q.consumer, kind: 'queue' as const })),
      ...[...this.streamConsumers.functions].map(([name, fn]) => ({ name, fn, kind: 'stream' as const })),
      ...[...this.tasks.functions].map(([name, fn]) => ({ name, fn, kind: 'task' as const })),
    ];
    this.operations = new OperationsMonitoring(this, 'Operations', {
      stage,
      topic: alarms.topic,
      functions: watched,
      restApi: this.restApi.api,
      table: this.table.table,
      ...(this.connector ? { connector: this.connector.service } : {}),
    });

    this.apiFirewall = new ApiFirewall(this, 'ApiFirewall', {
      stage,
      restApi: this.restApi.api,
      limits: props.apiRateLimits,
    });
    this.web = new WebDistribution(this, 'Web', {
      mediaBucket: this.mediaBucket.bucket,
      originSecret: this.apiFirewall.originSecret.secretValue,
      stage,
      restApi: this.restApi.api,
      webSocketApi: this.webSocketApi.api,
      webSocketStageName: LiveWebSocketApi.stageName,
      accessLogs: logs.bucket,
      webAssetsDir: props.webAssetsDir,
      customDomain: props.customDomain,
    });

    const siteDomain = props.customDomain?.domainName ?? this.web.distribution.distributionDomainName;
    new CfnOutput(this, 'SiteUrl', {
      value: `https://${siteDomain}`,
      description: 'The product: SPA, /api and /ws',
    });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    if (bootstrap) {
      new CfnOutput(this, 'BootstrapLogGroupName', {
        value: bootstrap.logGroup.logGroupName,
        description:
          'The first-start bootstrap task log (it names the secret holding the first password, never the password)',
      });
    }
    if (firstPassword) {
      new CfnOutput(this, 'FirstSuperUserSecretArn', {
        value: firstPassword.secret.secretArn,
        description:
          'The first super user password: aws secretsmanager get-secret-value --secret-id <arn> --query SecretString',
      });
    }
    if (this.connector) {
      new CfnOutput(this, 'ConnectorLogGroupName', {
        value: this.connector.logGroup.logGroupName,
        description: 'The WhatsApp connector log (aws logs tail <name> --follow)',
      });
      new CfnOutput(this, 'ConnectorClusterName', { value: this.connector.cluster.clusterName });
      new CfnOutput(this, 'ConnectorServiceName', { value: this.connector.service.serviceName });
    }
    if (this.tasks.triggerLogGroup) {
      new CfnOutput(this, 'TaskTriggerLogGroupName', {
        value: this.tasks.triggerLogGroup.logGroupName,
        description: 'The CDK trigger provider log: each deploy-time task run and its answer',
      });
    }
  }
}
