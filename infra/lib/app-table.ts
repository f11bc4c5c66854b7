import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/src/data/table-definition.ts';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * The product's single DynamoDB table, built from the same description the local runtime uses
 * for DynamoDB Local (keys, indexes, TTL attribute, stream view).
 */
export class AppTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage }) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      stream: StreamViewType[tableDefinition.streamView],
      deletionProtection: props.stage.isProduction,
      removalPolicy: props.stage.dataRemovalPolicy,
    });
    for (const index of tableDefinition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
  }
}
