import type { Context } from 'aws-lambda';

export declare function lambdaContext(
  functionName: string,
  region: string,
  accountId: string,
  memoryMb: number,
  deadline: number,
): Context;
