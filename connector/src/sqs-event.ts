/**
 * The slice of Lambda's SQSEvent / SQSBatchResponse the connector reads, so the local runtime's
 * events, the Fargate poller's and aws-lambda's types all fit.
 */
export interface SqsRecordLike {
  messageId: string;
  body: string;
  attributes?: { MessageGroupId?: string | undefined; ApproximateReceiveCount?: string | undefined };
}

export interface SqsEventLike {
  Records: SqsRecordLike[];
}

export interface SqsBatchResponseLike {
  batchItemFailures: { itemIdentifier: string }[];
}
