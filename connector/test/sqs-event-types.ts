/** Compile-time check: the SQS event and batch response of aws-lambda fit handleCommands. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Connector } from '../src/index.ts';
declare const connector: Connector;
declare const event: SQSEvent;
export const response: Promise<SQSBatchResponse> = connector.handleCommands(event);
