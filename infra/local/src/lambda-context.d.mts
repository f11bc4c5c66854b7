import type { Context } from 'aws-lambda';

export type ContextFields = Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'>;

export declare function lambdaContext(
  functionName: string,
  region: string,
  accountId: string,
  memoryMb: number,
  deadline: number,
): Context;

export declare function contextWithMethods(fields: ContextFields, deadline: number): Context;
