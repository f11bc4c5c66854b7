/**
 * The single DynamoDB table, described once for both homes: the CDK stack builds it in AWS
 * and the local runtime creates it in DynamoDB Local from the same description.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds. DynamoDB Local never deletes expired items, so every read filters on it too. */
  ttlAttribute: 'expiresAt',
  streamView: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type GlobalIndexName = (typeof tableDefinition.globalIndexes)[number]['indexName'];
