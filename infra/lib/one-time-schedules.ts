import { Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * The product's timers (ticket transfer, inactivity, rating wait, scheduled messages): the
 * functions create one-time EventBridge Scheduler schedules in this group, and the schedules
 * deliver their message to a queue of the manifest with the delivery role.
 */
export class OneTimeSchedules extends Construct {
  readonly group: ScheduleGroup;
  readonly deliveryRole: Role;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage }) {
    super(scope, id);
    this.group = new ScheduleGroup(this, 'Group', { removalPolicy: props.stage.dataRemovalPolicy });
    this.deliveryRole = new Role(this, 'DeliveryRole', {
      description: 'Lets EventBridge Scheduler deliver the product timers to their queues',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        // Only schedules of this account may use the role (confused-deputy protection).
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
  }

  allowDeliveryTo(queue: IQueue): void {
    queue.grantSendMessages(this.deliveryRole);
  }
}
