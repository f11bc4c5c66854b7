import { Duration } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  ResponseType,
  RestApi,
  type IResource,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiGatewayLogging } from './api-gateway-logging.ts';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { RestAuthorizer } from '../../functions/src/manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { AppFunction, type FunctionCodeSource } from './lambda-function.ts';
import { acknowledgeRule } from './nag.ts';

/**
 * One JSON line per request. Paths are logged as the resource template (`/api/{prefix}/{proxy+}`
 * style, `$context.resourcePath`), never as requested (`$context.path`) and never with the query
 * string: some legacy routes carry secrets in the path, e.g.
 * `/api/resetpasswords/{email}/{code}/{newPassword}`.
 */
export const restAccessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTimeEpoch',
    httpMethod: '$context.httpMethod',
    resourcePath: '$context.resourcePath',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationStatus: '$context.integration.status',
    integrationLatency: '$context.integration.latency',
    error: '$context.error.message',
  }),
);

export interface AppRestApiProps {
  stage: DeploymentStage;
  modules: AppManifest['restModules'];
  code: FunctionCodeSource;
  logging: ApiGatewayLogging;
  /** Lambda REQUEST authorizers, each in front of one method under a module's prefix. */
  authorizers?: readonly RestAuthorizer[];
  /** Steady-state requests per second for the whole stage. @default 100 */
  rateLimit?: number;
  /** @default 200 */
  burstLimit?: number;
}

/**
 * The REST API: every module of the manifest owns `/api/{prefix}` and `/api/{prefix}/{proxy+}`
 * for each of its prefixes, any method, proxied to its Lambda, which routes further itself.
 * Regional, because CloudFront in front of it is the edge.
 */
export class AppRestApi extends Construct {
  readonly api: RestApi;
  /** One per REST module, by module name. */
  readonly functions = new Map<string, AppFunction>();
  /** One per authorizer, by name. */
  readonly authorizerFunctions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: AppRestApiProps) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.stage.dataRemovalPolicy,
    });
    this.api = new RestApi(this, 'Api', {
      restApiName: `atende-${props.stage.name}`,
      description: `atende REST API (${props.stage.name})`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // The account-level logging role is ApiGatewayLogging's, shared with the WebSocket API.
      cloudWatchRole: false,
      // Uploads arrive base64-encoded so the multipart body reaches the Lambda byte for byte;
      // everything else (JSON) stays text.
      binaryMediaTypes: ['multipart/form-data'],
      // Usage plans count API keys that only the authorizers hand over (the external message
      // API's company key); a caller cannot present a key itself.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      deployOptions: {
        stageName: props.stage.name,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: restAccessLogFormat,
        loggingLevel: MethodLoggingLevel.ERROR,
        tracingEnabled: true,
        metricsEnabled: true,
        throttlingRateLimit: props.rateLimit ?? 100,
        throttlingBurstLimit: props.burstLimit ?? 200,
      },
    });
    this.api.deploymentStage.node.addDependency(props.logging.accountSettings);

    const apiResource = this.api.root.addResource('api');
    for (const module of props.modules) {
      const fn = new AppFunction(this, constructIdFor(module.name), {
        bundleName: module.name,
        stage: props.stage,
        code: props.code,
        memoryMb: module.memoryMb,
        timeout: module.timeoutSeconds === undefined ? undefined : Duration.seconds(module.timeoutSeconds),
      });
      this.functions.set(module.name, fn);
      // One invoke permission for the whole API rather than two per method and path.
      const integration = new LambdaIntegration(fn.lambda, { scopePermissionToMethod: false });
      for (const prefix of module.prefixes) {
        const prefixResource = apiResource.addResource(prefix);
        prefixResource.addMethod('ANY', integration);
        prefixResource.addResource('{proxy+}').addMethod('ANY', integration);
        for (const definition of props.authorizers ?? []) {
          const [, , first, ...rest] = definition.path.split('/');
          if (first !== prefix || rest.length === 0) continue;
          this.addAuthorizedMethod(definition, prefixResource, rest, integration, props);
        }
      }
    }
    this.addGatewayResponses();

    const ownAuth =
      'Authentication is the product JWT (bearer access token) verified inside each Lambda, which also decides per route who may call it (public, user, admin, super); public routes such as sign-in and version must stay reachable.';
    acknowledgeRule(this.api, 'APIG4', ownAuth);
    acknowledgeRule(this.api, 'COG4', ownAuth);
    acknowledgeRule(
      this.api,
      'APIG2',
      'Methods are proxies to Lambdas that validate every body and query with the shared zod schemas; API Gateway models would duplicate them.',
    );
  }
  /**
   * A method with its own resource (API Gateway prefers it over `{proxy+}`), behind a Lambda
   * REQUEST authorizer cached per Authorization header; with `apiKeyRequired` the key the
   * authorizer hands over (`usageIdentifierKey`) puts the call under that key's usage plan.
   */
  private addAuthorizedMethod(
    definition: RestAuthorizer,
    parent: IResource,
    segments: string[],
    integration: LambdaIntegration,
    props: AppRestApiProps,
  ): void {
    const fn = new AppFunction(this, constructIdFor(definition.name), {
      bundleName: definition.name,
      stage: props.stage,
      code: props.code,
      timeout: Duration.seconds(10),
    });
    this.authorizerFunctions.set(definition.name, fn);
    const authorizer = new RequestAuthorizer(this, `${constructIdFor(definition.name)}Authorizer`, {
      handler: fn.lambda,
      identitySources: [IdentitySource.header('Authorization')],
      resultsCacheTtl: Duration.seconds(definition.ttlSeconds),
    });
    let resource = parent;
    for (const segment of segments) resource = resource.getResource(segment) ?? resource.addResource(segment);
    resource.addMethod(definition.method, integration, {
      authorizer,
      apiKeyRequired: definition.apiKeyRequired,
    });
  }

  /**
   * The answers API Gateway gives itself in the product's error shape: a refused token (the
   * authorizers' 401), a throttled call (stage or usage plan) and an exhausted monthly quota.
   */
  private addGatewayResponses(): void {
    const json = (code: string) => ({ 'application/json': JSON.stringify({ error: code }) });
    this.api.addGatewayResponse('Unauthorized', {
      type: ResponseType.UNAUTHORIZED,
      statusCode: '401',
      templates: json('ERR_INVALID_API_TOKEN'),
    });
    this.api.addGatewayResponse('Throttled', {
      type: ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Retry-After': "'1'" },
      templates: json('ERR_TOO_MANY_REQUESTS'),
    });
    this.api.addGatewayResponse('QuotaExceeded', {
      type: ResponseType.QUOTA_EXCEEDED,
      statusCode: '429',
      // The quota renews on the 1st (UTC); a day is the honest lower bound API Gateway can state.
      responseHeaders: { 'Retry-After': "'86400'" },
      templates: json('ERR_TOO_MANY_REQUESTS'),
    });
  }
}
