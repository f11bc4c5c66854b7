import { Duration, Stack, type CfnResource } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { AppFunction, type FunctionCodeSource } from './lambda-function.ts';

export interface DeployTasksProps {
  stage: DeploymentStage;
  tasks: AppManifest['tasks'];
  code: FunctionCodeSource;
  /** The tasks run once these exist (and have been updated), e.g. the table. */
  executeAfter: IConstruct[];
  /**
   * A value that differs on every deploy (bin/app.ts passes the synthesis time): a trigger runs
   * when it is created and whenever one of its properties changes, so this makes every deploy
   * run the tasks. Omitted (the tests), the tasks run on creation and whenever their code or
   * configuration changes, and the template stays deterministic.
   */
  runId?: string;
}

/** The CDK trigger provider (one Lambda per stack that invokes every trigger's function). */
const triggerProviderId = 'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider';

/** How long a task may run; the trigger waits a little longer for its answer. */
const taskTimeout = Duration.minutes(2);
const triggerTimeout = Duration.seconds(taskTimeout.toSeconds() + 30);

/**
 * The manifest's deploy-time tasks (e.g. the first-start bootstrap): each a function, invoked
 * by a CDK trigger once the resources it needs exist. Tasks are idempotent. A task that fails
 * (an error or a timeout) fails the deploy, which CloudFormation then rolls back.
 */
export class DeployTasks extends Construct {
  /** By task name. */
  readonly functions = new Map<string, AppFunction>();
  readonly triggers = new Map<string, Trigger>();
  /**
   * The log group of the CDK trigger provider, which logs each task's answer (so the bootstrap's
   * generated password too); undefined without tasks.
   */
  readonly triggerLogGroup?: LogGroup;

  constructor(scope: Construct, id: string, props: DeployTasksProps) {
    super(scope, id);
    let previous: Trigger | undefined;
    for (const task of props.tasks) {
      const taskId = constructIdFor(task.name);
      const fn = new AppFunction(this, taskId, {
        bundleName: task.name,
        stage: props.stage,
        code: props.code,
        timeout: taskTimeout,
      });
      const trigger = new Trigger(this, `${taskId}Trigger`, {
        handler: fn.lambda,
        timeout: triggerTimeout,
        // Run again on every update of the trigger: a new task version (code or configuration)
        // or, with runId, every deploy. (false would run it on creation only: the provider then
        // skips every update.)
        executeOnHandlerChange: true,
        // After its own role, policy and log group, and after what it works on.
        // The manifest's order too: a task may build on the one before (the bootstrap first).
        executeAfter: [fn, ...props.executeAfter, ...(previous ? [previous] : [])],
      });
      previous = trigger;
      if (props.runId !== undefined) {
        const resource = trigger.node.findChild('Default').node.defaultChild as CfnResource;
        resource.addPropertyOverride('RunId', props.runId);
      }
      this.functions.set(task.name, fn);
      this.triggers.set(task.name, trigger);
    }
    if (props.tasks.length > 0) this.triggerLogGroup = this.configureTriggerProvider(props.stage);
  }

  /**
   * The provider's own log group, created before it first writes: Lambda would otherwise create
   * one that never expires, and the provider logs each task's answer. (cdk-nag reports nothing
   * on the provider, a plain CfnResource rather than an L1 Lambda function and IAM role.)
   */
  private configureTriggerProvider(stage: DeploymentStage): LogGroup {
    const provider = Stack.of(this).node.findChild(triggerProviderId);
    const handler = provider.node.findChild('Handler') as CfnResource;
    const logGroup = new LogGroup(this, 'TriggerLogs', {
      logGroupName: `/aws/lambda/${handler.ref}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: stage.dataRemovalPolicy,
    });
    for (const trigger of this.triggers.values()) trigger.node.addDependency(logGroup);
    return logGroup;
  }
}
