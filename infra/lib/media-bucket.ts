import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * Conversation media (WhatsApp attachments, uploads). Private: the API hands out presigned
 * URLs, so nothing is ever public; versioned so an overwrite or delete can be undone.
 */
export class MediaBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage; accessLogs: IBucket }) {
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
    });
  }
}
