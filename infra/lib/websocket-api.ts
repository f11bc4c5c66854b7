import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiGatewayLogging } from './api-gateway-logging.ts';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { AppFunction, type FunctionCodeSource } from './lambda-function.ts';
import { acknowledgeRule } from './nag.ts';

export interface LiveWebSocketApiProps {
  stage: DeploymentStage;
  definition: AppManifest['webSocketApi'];
  code: FunctionCodeSource;
  logging: ApiGatewayLogging;
}

/**
 * The WebSocket API of live updates: $connect, $disconnect and $default all go to the one
 * socket handler of the manifest.
 */
export class LiveWebSocketApi extends Construct {
  /**
   * The stage is named after the path CloudFront serves it on (`/ws`): CloudFront passes the
   * viewer path through, and a WebSocket API takes the first path segment as the stage.
   */
  static readonly stageName = 'ws';

  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: LiveWebSocketApiProps) {
    super(scope, id);
    this.handler = new AppFunction(this, constructIdFor(props.definition.name), {
      bundleName: props.definition.name,
      stage: props.stage,
      code: props.code,
      timeout: Duration.seconds(29),
    });
    const integration = (routeKey: string) =>
      new WebSocketLambdaIntegration(`${constructIdFor(routeKey)}Integration`, this.handler.lambda);
    const routes = new Set<string>(props.definition.routes);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `atende-live-${props.stage.name}`,
      description: `atende live updates (${props.stage.name})`,
      connectRouteOptions: routes.has('$connect') ? { integration: integration('$connect') } : undefined,
      disconnectRouteOptions: routes.has('$disconnect')
        ? { integration: integration('$disconnect') }
        : undefined,
      defaultRouteOptions: routes.has('$default') ? { integration: integration('$default') } : undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.stage.dataRemovalPolicy,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: LiveWebSocketApi.stageName,
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            connectionId: '$context.connectionId',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            status: '$context.status',
            integrationStatus: '$context.integrationStatus',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTimeEpoch',
            error: '$context.error.message',
          }),
        ),
      },
    });
    this.stage.node.addDependency(props.logging.accountSettings);
    this.handler.useWebSocketManagement(this.stage);

    acknowledgeRule(
      this.api,
      'APIG4',
      'The socket handler verifies the product access token (query parameter `token`) on $connect and refuses the connection without a valid one; $disconnect and $default only exist on an accepted connection.',
    );
  }
}
