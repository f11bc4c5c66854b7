import { NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { codeWithStubs, manifestWithQueues, synthesize, type Synthesized } from './synthesize.ts';

/** CloudFormation refuses a template with more than 500 resources. */
const cloudFormationLimit = 500;
/** Room kept for the next modules (about ten resources each), so the limit is met here first. */
const headroom = 60;

let everything: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  everything = synthesize({ stageName: 'prod', manifest: manifestWithQueues, functionCode: codeWithStubs });
});

describe('stack size', () => {
  it('keeps the queues and stream consumers in a nested stack', () => {
    const nested = everything.stack.node.findAll().filter((c) => NestedStack.isNestedStack(c));
    expect(nested.map((stack) => stack.node.id).sort()).toEqual(['Operations', 'Workers']);
    expect(everything.stack.workQueues.queues.size).toBeGreaterThan(0);
    for (const { consumer } of everything.stack.workQueues.queues.values())
      expect(NestedStack.isNestedStack(everything.stack.workers) && consumer.lambda.stack).toBe(
        everything.stack.workers,
      );
  });

  it('leaves every template well under the CloudFormation resource limit', () => {
    const stacks = [everything.stack, everything.stack.workers, everything.stack.operations];
    for (const stack of stacks) {
      const count = Object.keys(Template.fromStack(stack).toJSON().Resources as object).length;
      expect(count, stack.node.path).toBeLessThanOrEqual(cloudFormationLimit - headroom);
    }
  });
});
