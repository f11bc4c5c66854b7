import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  type IFunction as ICloudFrontFunction,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { originVerifyHeader, viewerAddressHeader } from './api-firewall.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { contentSecurityPolicy, permissionsPolicy } from './security-headers.ts';
import { acknowledgeRule, acknowledgeWildcardAction, acknowledgeWildcardResource } from './nag.ts';

/** A custom domain for the distribution; the certificate must be in us-east-1 (CloudFront's rule). */
export interface CustomDomain {
  domainName: string;
  certificateArn: string;
}

export interface WebDistributionProps {
  stage: DeploymentStage;
  restApi: RestApi;
  webSocketApi: IWebSocketApi;
  /** The WebSocket stage name, which is also the path CloudFront serves it on. */
  webSocketStageName: string;
  /** Receives the SPA bucket's S3 access logs. */
  accessLogs: IBucket;
  /** The built SPA (web/dist); without it the bucket starts empty and synth needs no web build. */
  webAssetsDir?: string;
  customDomain?: CustomDomain;
  /** The media bucket, whose presigned URLs the SPA loads images, audio and downloads from (CSP). */
  mediaBucket: IBucket;
  /**
   * The REST API's firewall secret: CloudFront sends it in `x-atende-origin-verify` so the API
   * answers CloudFront only (ApiFirewall).
   */
  originSecret: { unsafeUnwrap(): string };
}

/**
 * Client-side routes (paths whose last segment has no file extension) get the SPA's index.html;
 * files are served as they are. Only the default behaviour runs it, so `/api/*` and `/ws` keep
 * their own status codes (an API 404 stays a 404) instead of custom error responses masking them.
 */
const spaRoutingCode = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Writes the viewer's address into a header of its own for the REST API's firewall, which sits
 * behind CloudFront and would otherwise see CloudFront's addresses; any value the client sent
 * under that name is replaced.
 */
const viewerAddressCode = `function handler(event) {
  event.request.headers['${viewerAddressHeader}'] = { value: event.viewer.ip };
  return event.request;
}`;

/**
 * The one domain of the product: CloudFront serves the SPA from a private bucket and routes
 * `/api/*` to the REST API and `/ws` to the WebSocket API, so the browser needs no CORS and
 * cookies stay first-party.
 */
export class WebDistribution extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bucket = new Bucket(this, 'SpaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'spa-bucket/',
      // Only build output lives here; the deployment below puts it back.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `atende security headers (${props.stage.name})`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            mediaOrigins: [`https://${props.mediaBucket.bucketRegionalDomainName}`],
          }),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });
    const viewerAddress: ICloudFrontFunction = new CloudFrontFunction(this, 'ViewerAddress', {
      comment: 'Passes the viewer address to the REST API firewall',
      code: FunctionCode.fromInline(viewerAddressCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      comment: 'Serves index.html for client-side routes of the SPA',
      code: FunctionCode.fromInline(spaRoutingCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    // APIs: never cached, every method, all viewer headers, cookies and query strings except
    // Host, which must be the API Gateway domain for API Gateway to accept the request.
    const apiBehavior = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
    } satisfies Omit<BehaviorOptions, 'origin'>;
    const webSocketOrigin = new HttpOrigin(
      `${props.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`,
      { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, originSslProtocols: [OriginSslPolicy.TLS_V1_2] },
    );

    const customDomain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `atende (${props.stage.name})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new RestApiOrigin(props.restApi, {
            customHeaders: { [originVerifyHeader]: props.originSecret.unsafeUnwrap() },
          }),
          ...apiBehavior,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        [`/${props.webSocketStageName}`]: { origin: webSocketOrigin, ...apiBehavior },
      },
      // No standard logs: they hold every URL with its query string, and the product's URLs
      // carry secrets (`/ws?token=<access token>`, `/api/resetpasswords/.../<new password>`).
      // The API Gateway access logs, which log route templates only, cover the APIs.
      enableLogging: false,
      ...(customDomain && {
        domainNames: [customDomain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
    });

    if (props.webAssetsDir) this.deploySpa(props.webAssetsDir);

    if (!customDomain) {
      acknowledgeRule(
        this.distribution,
        'CFR4',
        'Served on the default *.cloudfront.net certificate, for which CloudFront allows no minimum TLS version; with a custom domain (context domainName and certificateArn) the distribution requires TLSv1.2_2021.',
      );
    }
    acknowledgeRule(
      this.distribution,
      'CFR1',
      'The companies served and their agents are not bound to a fixed list of countries, so there is no geo restriction to apply.',
    );
    acknowledgeRule(
      this.distribution,
      'CFR3',
      'Standard logs would record the viewer URLs with their query strings, which carry access tokens (/ws?token=) and password-reset secrets (/api/resetpasswords/...); the API Gateway access logs record the requests with route templates instead, and the SPA bucket keeps its S3 access logs.',
    );
    acknowledgeRule(
      this.distribution,
      'CFR2',
      'Request budgets per client address and per session are enforced by the regional WAF web ACL on the REST API stage (ApiFirewall), which CloudFront feeds the viewer address; a CLOUDFRONT-scope web ACL would have to live in us-east-1 while the stack deploys to any region.',
    );
  }

  /**
   * Uploads the SPA build: hashed files under assets/ are immutable and cached for a year;
   * index.html and the other unhashed files are revalidated on every use, so a deploy shows at
   * once. Old hashed files stay (no pruning) for browsers still running the previous index.html.
   */
  private deploySpa(webAssetsDir: string): void {
    const build = new Asset(this, 'SpaBuild', { path: webAssetsDir });
    const source = Source.bucket(build.bucket, build.s3ObjectKey);
    // An own role and log group instead of the defaults, which bring AWSLambdaBasicExecutionRole
    // (write to any log group) and a log group that never expires.
    const role = new Role(this, 'SpaDeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    const logGroup = new LogGroup(this, 'SpaDeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(role);
    const common = {
      sources: [source],
      destinationBucket: this.bucket,
      prune: false,
      role,
      logGroup,
      memoryLimit: 512,
    };
    const hashedFiles = new BucketDeployment(this, 'SpaHashedFiles', {
      ...common,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
    });
    const entryFiles = new BucketDeployment(this, 'SpaEntryFiles', {
      ...common,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // index.html must not point at hashed files that are not there yet.
    entryFiles.node.addDependency(hashedFiles);

    const deploymentReason =
      'The CDK BucketDeployment handler copies the SPA build from the CDK asset bucket into the SPA bucket; the grants are those CDK gives it, limited to these two buckets.';
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledgeWildcardAction(role, action, deploymentReason);
    }
    acknowledgeWildcardResource(role, build.bucket.arnForObjects('*'), deploymentReason);
    acknowledgeWildcardResource(role, this.bucket.arnForObjects('*'), deploymentReason);
    acknowledgeWildcardResource(
      role,
      '*',
      'CDK grants the BucketDeployment handler cloudfront:CreateInvalidation and GetInvalidation on every distribution; it only invalidates this one after an upload.',
    );
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledgeRule(
          child,
          'L1',
          'The CDK BucketDeployment handler runtime is chosen by aws-cdk-lib and moves with its upgrades.',
        );
      }
    }
  }
}
