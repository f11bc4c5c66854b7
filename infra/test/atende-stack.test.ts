import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { tableDefinition } from '../../functions/src/data/table-definition.ts';
import {
  allFunctions,
  restAuthorizers,
  restModules,
  streamConsumers,
  tasks,
  webSocketApi,
} from '../../functions/src/manifest.ts';
import { streamConsumerFilterPatterns } from '../../functions/src/live/stream-filter.ts';
import { restAccessLogFormat } from '../lib/rest-api.ts';
import { ownFunctions, synthesize, type Synthesized } from './synthesize.ts';

/** The stack from the whole product manifest, synthesized once for every assertion below. */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  // Every manifest function, the sandbox module included: it is deployed only when a stage asks
  // for it (edge.test.ts asserts it is left out by default).
  synthesized = synthesize({ sandbox: true });
});

const lambdaFunctions = () => Object.values(ownFunctions(synthesized.template));
/** The Custom::Trigger resource of a task (the Trigger construct's CustomResource). */
const triggerLogicalId = (stack: Synthesized['stack'], taskName: string) =>
  stack.getLogicalId(
    stack.tasks.triggers.get(taskName)!.node.findChild('Default').node.defaultChild as never,
  );
const isTask = (description: string | undefined) =>
  tasks.some((task) => description === `${task.name} (test)`);
/** Authorizers only read the table: no live pushes. */
const isAuthorizer = (description: string | undefined) =>
  restAuthorizers.some((authorizer) => description === `${authorizer.name} (test)`);

describe('table', () => {
  it('has the keys, indexes, stream and TTL of the table definition', () => {
    const { template } = synthesized;
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.streamView },
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('is disposable outside prod (prod retention is asserted with every option)', () => {
    synthesized.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('media bucket', () => {
  it('is private, encrypted, versioned and logged', () => {
    const { template, stack } = synthesized;
    const bucketId = stack.getLogicalId(stack.mediaBucket.bucket.node.defaultChild as never);
    const bucket = template.findResources('AWS::S3::Bucket')[bucketId];
    expect(bucket?.Properties).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { LogFilePrefix: 'media-bucket/' },
    });
  });

  it('refuses requests without TLS', () => {
    const { template, stack } = synthesized;
    const bucketId = stack.getLogicalId(stack.mediaBucket.bucket.node.defaultChild as never);
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('functions', () => {
  it('has one Lambda per manifest function, on ARM64 and Node.js 22 with active tracing', () => {
    const own = lambdaFunctions();
    expect(own.map((fn) => fn.Properties.Description?.replace(/ \(test\)$/, '')).sort()).toEqual(
      allFunctions()
        .map((f) => f.name)
        .sort(),
    );
    for (const fn of own) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
      expect(fn.Properties.Environment?.Variables).toMatchObject({
        TABLE_NAME: { Ref: expect.any(String) },
        NODE_OPTIONS: '--enable-source-maps --experimental-async-context-frame',
        APP_STAGE: 'test',
        ...(isTask(fn.Properties.Description) || isAuthorizer(fn.Properties.Description)
          ? {}
          : { WS_MANAGEMENT_ENDPOINT: expect.anything() }),
      });
    }
  });

  it('keeps every function log for a month in its own log group', () => {
    const { template } = synthesized;
    for (const fn of lambdaFunctions()) {
      expect(fn.Properties).toMatchObject({ LoggingConfig: { LogGroup: { Ref: expect.any(String) } } });
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('sends no mail without a sender (no mailFrom, no custom domain)', () => {
    const { template } = synthesized;
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('ses:');
    for (const fn of lambdaFunctions())
      expect(fn.Properties.Environment?.Variables).not.toHaveProperty('MAIL_FROM');
  });

  it('gives the REST and socket handlers the JWT secret, generated with 64 characters', () => {
    const { template } = synthesized;
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
    for (const name of [...restModules.map((m) => m.name), webSocketApi.name]) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `${name} (test)`,
        Environment: { Variables: Match.objectLike({ JWT_SECRET_ARN: { Ref: Match.anyValue() } }) },
      });
    }
  });
});

describe('REST API', () => {
  it('has /api/{prefix} and /api/{prefix}/{proxy+} with ANY for every prefix of every module', () => {
    const { template } = synthesized;
    const resources = template.findResources('AWS::ApiGateway::Resource');
    const pathParts = Object.values(resources).map((r) => (r.Properties as { PathPart: string }).PathPart);
    const prefixes = restModules.flatMap((m) => m.prefixes);
    expect(pathParts).toContain('api');
    for (const prefix of prefixes) expect(pathParts).toContain(prefix);
    expect(pathParts.filter((p) => p === '{proxy+}')).toHaveLength(prefixes.length);
    // Plus one method of its own per authorizer (external-api.test.ts asserts the authorizer).
    const methods = Object.values(template.findResources('AWS::ApiGateway::Method'));
    expect(methods).toHaveLength(prefixes.length * 2 + restAuthorizers.length);
    for (const method of methods) {
      expect(method.Properties).toMatchObject({
        HttpMethod: method.Properties.AuthorizationType === 'CUSTOM' ? 'POST' : 'ANY',
        Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      });
    }
  });

  it('is regional, throttled, access-logged and takes multipart uploads as binary', () => {
    const { template } = synthesized;
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
      BinaryMediaTypes: ['multipart/form-data'],
    });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'test',
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: restAccessLogFormat.toString() },
      MethodSettings: [
        Match.objectLike({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200, LoggingLevel: 'ERROR' }),
      ],
      TracingEnabled: true,
    });
  });
});

describe('access logs', () => {
  it('log REST requests by route template, never the requested path or its query string', () => {
    const stage = Object.values(synthesized.template.findResources('AWS::ApiGateway::Stage'))[0];
    const format = String(stage?.Properties.AccessLogSetting.Format);
    expect(format).toContain('$context.resourcePath');
    expect(format).not.toMatch(/\$context\.path\b/);
    expect(format).not.toMatch(/requestOverride|querystring|\$input\.|\$method\.request/i);
  });

  it('log WebSocket events without the connect URL and its token', () => {
    const stage = Object.values(synthesized.template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    const format = String(stage?.Properties.AccessLogSettings.Format);
    expect(format).not.toMatch(/\$context\.path\b|querystring|requestOverride|\$input\.|\$method\.request/i);
  });

  it('are not kept by CloudFront, whose standard logs would hold every URL with its query string', () => {
    const distribution = Object.values(
      synthesized.template.findResources('AWS::CloudFront::Distribution'),
    )[0];
    expect(distribution?.Properties.DistributionConfig.Logging).toBeUndefined();
  });
});

describe('WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the socket handler', () => {
    const { template } = synthesized;
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => (r.Properties as { RouteKey: string }).RouteKey,
    );
    expect(routes.sort()).toEqual([...webSocketApi.routes].sort());
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'ws',
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('lets every function (socket handler and broadcaster included) manage connections', () => {
    const { template } = synthesized;
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes('execute-api:ManageConnections'),
    );
    expect(policies).toHaveLength(allFunctions().length - tasks.length - restAuthorizers.length);
  });
});

describe('deploy-time tasks', () => {
  const taskFunction = (name: string) => {
    const fn = synthesized.stack.tasks.functions.get(name);
    if (!fn) throw new Error(`no task function ${name}`);
    return fn;
  };
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    synthesized.stack.getLogicalId(construct.node.defaultChild as never);

  it('has a Lambda per manifest task, given two minutes and the table', () => {
    const functions = ownFunctions(synthesized.template);
    for (const task of tasks) {
      const fn = functions[logicalId(taskFunction(task.name).lambda)];
      expect(fn?.Properties).toMatchObject({
        Description: `${task.name} (test)`,
        Timeout: 120,
        Environment: { Variables: { TABLE_NAME: { Ref: logicalId(synthesized.stack.table.table) } } },
      });
    }
    synthesized.template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalId(taskFunction('bootstrap').role as never) }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['dynamodb:PutItem']) })]),
      },
    });
  });

  it("invokes each task with a trigger, after the table and the task's own role and policy", () => {
    const { template, stack } = synthesized;
    const triggers = template.findResources('Custom::Trigger');
    expect(Object.keys(triggers)).toHaveLength(tasks.length);
    for (const task of tasks) {
      const fn = taskFunction(task.name);
      const trigger = triggers[triggerLogicalId(stack, task.name)];
      expect(trigger?.Properties).toMatchObject({
        HandlerArn: stack.resolve(fn.lambda.currentVersion.functionArn),
        InvocationType: 'RequestResponse',
        ExecuteOnHandlerChange: true,
      });
      expect(Number(trigger?.Properties.Timeout)).toBeGreaterThan(120_000);
      expect(trigger?.DependsOn).toEqual(
        expect.arrayContaining([
          logicalId(stack.table.table),
          logicalId(fn.lambda),
          logicalId(fn.role as never),
          logicalId(stack.tasks.triggerLogGroup!),
        ]),
      );
      // Without a run id (tests) the template stays deterministic.
      expect(trigger?.Properties).not.toHaveProperty('RunId');
    }
  });

  it('runs the tasks in the manifest order, the API usage sync after the bootstrap and the API stage', () => {
    const { template, stack } = synthesized;
    const triggers = template.findResources('Custom::Trigger');
    const sync = triggers[triggerLogicalId(stack, 'api-usage-sync')];
    expect(sync?.DependsOn).toEqual(
      expect.arrayContaining([
        triggerLogicalId(stack, 'bootstrap'),
        logicalId(stack.restApi.api.deploymentStage),
      ]),
    );
    // The sync may manage usage plans and keys and is told which API stage they throttle.
    const variables =
      ownFunctions(template)[logicalId(taskFunction('api-usage-sync').lambda)]?.Properties.Environment
        ?.Variables;
    expect(variables).toMatchObject({ REST_API_ID: expect.anything(), REST_API_STAGE: expect.any(String) });
  });

  it('runs the tasks on every deploy when given a run id', () => {
    const { template, stack } = synthesize({ tasksRunId: '2030-01-01T00:00:00.000Z' });
    expect(
      template.findResources('Custom::Trigger')[triggerLogicalId(stack, 'bootstrap')]?.Properties,
    ).toMatchObject({
      RunId: '2030-01-01T00:00:00.000Z',
      ExecuteOnHandlerChange: true,
    });
  });

  it('keeps the trigger provider log, which records each task answer, for a month', () => {
    const { template, stack } = synthesized;
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: {
        'Fn::Join': [
          '',
          ['/aws/lambda/', { Ref: Match.stringLikeRegexp('^AWSCDKTriggerCustomResourceProvider') }],
        ],
      },
      RetentionInDays: 30,
    });
    expect(stack.tasks.triggerLogGroup).toBeDefined();
    template.hasOutput('BootstrapLogGroupName', {
      Value: { Ref: logicalId(taskFunction('bootstrap').logGroup) },
    });
  });

  it('gives the bootstrap no first super user unless one is configured', () => {
    const bootstrap = ownFunctions(synthesized.template)[logicalId(taskFunction('bootstrap').lambda)];
    expect(bootstrap?.Properties.Environment?.Variables).not.toHaveProperty('ADMIN_EMAIL');
    expect(bootstrap?.Properties.Environment?.Variables).not.toHaveProperty('ADMIN_PASSWORD');
  });
});

describe('stream consumers', () => {
  /** The event source mappings that read the table stream. */
  const streamMappings = () =>
    Object.values(synthesized.template.findResources('AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m).includes('StreamArn'),
    );

  it('each read the table stream from the trim horizon, bisecting, reporting failures and sending give-ups to a queue', () => {
    const { template } = synthesized;
    const mappings = streamMappings();
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const consumer of streamConsumers) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [Match.anyValue(), 'StreamArn'] },
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: consumer.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: Match.anyValue(),
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } } },
      });
    }
  });

  it('give the broadcaster and the dashboard aggregator a mapping each, so one never waits for the other', () => {
    const { template, stack } = synthesized;
    expect(streamConsumers.map((consumer) => consumer.name)).toEqual(
      expect.arrayContaining(['broadcaster', 'dashboard-aggregator']),
    );
    for (const consumer of streamConsumers) {
      const fn = stack.streamConsumers.functions.get(consumer.name)!;
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: stack.getLogicalId(fn.lambda.node.defaultChild as never) },
        EventSourceArn: { 'Fn::GetAtt': [Match.anyValue(), 'StreamArn'] },
      });
    }
  });

  it('filter out, for every consumer, the records none reads (the search tokens, items of no entity)', () => {
    const mappings = streamMappings();
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const mapping of mappings) {
      const filters = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
      expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual(streamConsumerFilterPatterns());
    }
    expect(JSON.stringify(streamConsumerFilterPatterns())).toContain('"anything-but":["ticketToken"');
  });

  it('invoke the broadcaster at once and let the others gather a second of records', () => {
    const { stack } = synthesized;
    const windowOf = (name: string) => {
      const fn = stack.streamConsumers.functions.get(name)!;
      const functionRef = stack.getLogicalId(fn.lambda.node.defaultChild as never);
      const mapping = streamMappings().find(
        (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: functionRef }),
      );
      return mapping?.Properties.MaximumBatchingWindowInSeconds as number | undefined;
    };
    expect(windowOf('broadcaster')).toBeUndefined();
    for (const name of ['dashboard-aggregator', 'webhook-events', 'schedule-outcomes']) expect(windowOf(name)).toBe(1);
  });
});

describe('CloudFront', () => {
  const distributionConfig = () =>
    (
      Object.values(synthesized.template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties as {
        DistributionConfig: {
          CacheBehaviors: Record<string, unknown>[];
          DefaultCacheBehavior: Record<string, unknown>;
          CustomErrorResponses?: unknown;
          Origins: { Id: string; OriginPath?: unknown; S3OriginConfig?: unknown }[];
        };
      }
    ).DistributionConfig;

  it('routes /api/* and /ws to the APIs uncached, with every viewer header but Host', () => {
    const behaviors = distributionConfig().CacheBehaviors;
    expect(behaviors.map((b) => b.PathPattern)).toEqual(['/api/*', '/ws']);
    for (const behavior of behaviors) {
      expect(behavior).toMatchObject({
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        ViewerProtocolPolicy: 'https-only',
      });
    }
  });

  it('serves the REST API under its stage path and the WebSocket API at its root', () => {
    const config = distributionConfig();
    const originOf = (pattern: string) =>
      config.Origins.find(
        (o) => o.Id === config.CacheBehaviors.find((b) => b.PathPattern === pattern)?.TargetOriginId,
      );
    expect(JSON.stringify(originOf('/api/*')?.OriginPath)).toContain('RestApiDeploymentStage');
    expect(originOf('/ws')?.OriginPath).toBeUndefined();
  });

  it('serves the SPA from the private bucket with index.html for client routes, not error responses', () => {
    const config = distributionConfig();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    synthesized.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    synthesized.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      },
    });
  });

  it('deploys no SPA until there is a build', () => {
    synthesized.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('synthesis', () => {
  it('raises no CDK warning or error', () => {
    const annotations = Annotations.fromStack(synthesized.stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });
});

describe('operations', () => {
  it('points API Gateway logging at a retained role', () => {
    synthesized.template.hasResource('AWS::ApiGateway::Account', { DeletionPolicy: 'Retain' });
  });

  it('outputs the site URL', () => {
    synthesized.template.hasOutput('SiteUrl', { Value: Match.anyValue() });
  });
});
