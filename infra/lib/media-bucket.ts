import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * The origins whose pages may read media responses (CORS): the SPA's. With a custom domain that
 * is exactly `https://<domain>`; without one the SPA lives on the distribution's generated
 * `*.cloudfront.net` name, which the bucket cannot name without a dependency cycle (the
 * distribution depends on the API, whose functions depend on this bucket), so any CloudFront
 * default domain is allowed. The presigned URL stays the only authorization; no credentials are
 * ever allowed (docs/decisions.md, Media).
 */
export function mediaCorsOrigins(customDomainName?: string): string[] {
  return customDomainName ? [`https://${customDomainName}`] : ['https://*.cloudfront.net'];
}

/**
 * Conversation media (WhatsApp attachments, uploads). Private: the API hands out presigned
 * URLs, so nothing is ever public; versioned so an overwrite or delete can be undone. The
 * browser reads them straight from the bucket (an <img>/<audio>/<video> source, a download
 * link), so GET and HEAD are allowed from the SPA's origin.
 */
export class MediaBucket extends Construct {
  readonly bucket: Bucket;

  constructor(
    scope: Construct,
    id: string,
    props: { stage: DeploymentStage; accessLogs: IBucket; corsOrigins: string[] },
  ) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'media-bucket/',
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      removalPolicy: props.stage.dataRemovalPolicy,
      cors: [
        {
          allowedOrigins: props.corsOrigins,
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD],
          // Range: audio and video players seek with range requests.
          allowedHeaders: ['Range'],
          exposedHeaders: ['Content-Length', 'Content-Range', 'Content-Type', 'Content-Disposition', 'ETag'],
          maxAge: 3000,
        },
      ],
    });
  }
}
