/**
 * The `context` the Lambda runtime hands a Node.js handler, for a function called `functionName`
 * that must finish by `deadline` (ms since the epoch). Plain JavaScript, so both the inline
 * invoker (invoke.ts) and the function threads (function-worker.mjs) build it from one place.
 */
import { randomUUID } from 'node:crypto';

export function lambdaContext(functionName, region, accountId, memoryMb, deadline) {
  const fail = () => {
    throw new Error(
      'Callback-style completion is not supported by the Node.js Lambda runtime; return a value',
    );
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${accountId}:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}
