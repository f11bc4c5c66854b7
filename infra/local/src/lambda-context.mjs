/**
 * The `context` the Lambda runtime hands a Node.js handler. Plain JavaScript, so the inline
 * invoker (invoke.ts) and the function threads (function-worker.mjs) build it from one place: the
 * invoker makes it, and a thread gets its data fields and puts the methods back on.
 */
import { randomUUID } from 'node:crypto';

/** The context of one invocation of `functionName`, which must finish by `deadline` (ms since the epoch). */
export function lambdaContext(functionName, region, accountId, memoryMb, deadline) {
  return contextWithMethods(
    {
      callbackWaitsForEmptyEventLoop: true,
      functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:${region}:${accountId}:function:${functionName}`,
      memoryLimitInMB: String(memoryMb),
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${functionName}`,
      logStreamName: 'local',
    },
    deadline,
  );
}

/** A context's data fields (what a message between threads can carry) with its methods. */
export function contextWithMethods(fields, deadline) {
  const fail = () => {
    throw new Error(
      'Callback-style completion is not supported by the Node.js Lambda runtime; return a value',
    );
  };
  return {
    ...fields,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}
