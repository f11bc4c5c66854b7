import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledgeManagedPolicy } from './nag.ts';

/**
 * API Gateway writes REST and WebSocket logs (access and execution) through one role set in
 * the region's account settings. Both are kept when the stack goes away, because the setting
 * is shared by every stage deployed to the account and region, and a deleted role would stop
 * the other stages' logs.
 */
export class ApiGatewayLogging extends Construct {
  /** Stages with logging must be created after this, or API Gateway rejects them. */
  readonly accountSettings: CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledgeManagedPolicy(
      role,
      'service-role/AmazonAPIGatewayPushToCloudWatchLogs',
      'The AWS policy made for this service role: API Gateway creates its log groups per API and stage, with names known only at runtime.',
    );
    this.accountSettings = new CfnAccount(this, 'AccountSettings', { cloudWatchRoleArn: role.roleArn });
    this.accountSettings.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}
