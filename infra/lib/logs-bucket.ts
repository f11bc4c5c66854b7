import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * Receives the S3 server access logs of the other buckets (through the bucket policy, so object
 * ACLs stay disabled). CloudFront standard logs are off (see WebDistribution). It has no access
 * log of its own (that would log the log deliveries); cdk-nag's S1 accepts a bucket that is the
 * log destination of another.
 */
export class LogsBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(props.stage.isProduction ? 365 : 30) }],
      removalPolicy: props.stage.dataRemovalPolicy,
    });
  }
}
