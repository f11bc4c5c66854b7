import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { codeWithStubs, synthesize, type Synthesized } from './synthesize.ts';

/** The product's manifest, with its recurring invoice run. */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize({ functionCode: codeWithStubs });
});

const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  synthesized.stack.getLogicalId(construct.node.defaultChild as never);

describe('recurring schedules', () => {
  it('runs the invoice run hourly, delivering to the billing queue with the delivery role and its dead-letter queue', () => {
    const billing = synthesized.stack.workQueues.queues.get('billing')!;
    const schedules = synthesized.template.findResources('AWS::Scheduler::Schedule');
    const invoiceRun = Object.values(schedules).find((schedule) =>
      String((schedule as { Properties: { Description?: string } }).Properties.Description).includes(
        'invoice-run',
      ),
    ) as { Properties: Record<string, unknown> } | undefined;
    expect(invoiceRun?.Properties).toMatchObject({
      ScheduleExpression: 'rate(1 hour)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      GroupName: synthesized.stack.resolve(synthesized.stack.schedules.group.scheduleGroupName),
      Target: {
        Arn: { 'Fn::GetAtt': [logicalId(billing.queue), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [logicalId(synthesized.stack.schedules.deliveryRole), 'Arn'] },
        Input: '{"type":"invoice-run"}',
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(billing.deadLetters), 'Arn'] } },
      },
    });
  });

  it('lets the delivery role send to the billing dead-letter queue', () => {
    const deadLetters = logicalId(synthesized.stack.workQueues.queues.get('billing')!.deadLetters);
    const role = logicalId(synthesized.stack.schedules.deliveryRole);
    const policies = Object.values(synthesized.template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes(`"Ref":"${role}"`),
    );
    const statements = policies.flatMap(
      (policy) =>
        (policy as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument
          .Statement,
    );
    expect(
      statements.some((statement) => {
        const text = JSON.stringify(statement);
        return text.includes('sqs:SendMessage') && text.includes(deadLetters);
      }),
    ).toBe(true);
  });
});
