import { App, NestedStack, Validations, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productManifest, type AppManifest } from '../lib/app-manifest.ts';
import { AtendeStack, type AtendeStackProps } from '../lib/atende-stack.ts';
import { bundledCode, type FunctionCodeSource } from '../lib/lambda-function.ts';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The feature flags of cdk.json, so the tests synthesize what `npx cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

export interface Synthesized {
  app: App;
  stack: AtendeStack;
  template: Template;
}

/**
 * The product as `npx cdk synth` makes it (with or without the sandbox), synthesized once per
 * test worker: the infra project shares modules between its files (isolate: false), and most
 * files read the same default stack. Nothing mutates a synthesized stack or template.
 */
const shared = new Map<string, Synthesized>();

export function synthesize(props: Partial<AtendeStackProps> = {}): Synthesized {
  const keys = Object.keys(props);
  if (keys.every((key) => key === 'sandbox')) {
    const key = String(props.sandbox ?? false);
    let synthesized = shared.get(key);
    if (!synthesized) {
      synthesized = synthesizeAnew(props);
      shared.set(key, synthesized);
    }
    return synthesized;
  }
  return synthesizeAnew(props);
}

function synthesizeAnew(props: Partial<AtendeStackProps>): Synthesized {
  const app = new App({ context: cdkJsonContext() });
  const stack = new AtendeStack(app, 'atende-test', {
    stageName: 'test',
    env: { account: '000000000000', region: 'us-east-1' },
    ...props,
  });
  return { app, stack, template: flattenedTemplate(stack) };
}

type Json = Record<string, unknown>;

/**
 * The stack and its nested stacks as one template, as if they were one stack: each nested
 * stack's parameters are replaced by the values the parent passes, the parent's reads of a
 * nested stack's outputs by the outputs' values, and the nested stack resources dropped. The
 * assertions then read the product as a whole whatever stack a resource lives in (the split
 * only exists for CloudFormation's 500-resource limit).
 */
export function flattenedTemplate(stack: Stack): Template {
  // A copy: the template object is the one every later Template.fromStack(stack) returns.
  const parent = structuredClone(Template.fromStack(stack).toJSON()) as Json & {
    Resources: Record<string, Json>;
  };
  const outputsByResource = new Map<string, Record<string, unknown>>();
  const nestedStacks = stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource!);
    const passed = ((parent.Resources[resourceId]?.Properties as Json | undefined)?.Parameters ?? {}) as Json;
    const inner = flattenedTemplate(nested).toJSON() as Json & {
      Resources: Record<string, Json>;
      Outputs?: Record<string, { Value: unknown }>;
    };
    const withParameters = (node: unknown): unknown =>
      substitute(node, (ref) =>
        typeof ref.Ref === 'string' && ref.Ref in passed ? passed[ref.Ref] : undefined,
      );
    Object.assign(parent.Resources, withParameters(inner.Resources));
    outputsByResource.set(
      resourceId,
      Object.fromEntries(
        Object.entries(inner.Outputs ?? {}).map(([id, output]) => [id, withParameters(output.Value)]),
      ),
    );
    delete parent.Resources[resourceId];
  }
  const flattened = substitute(parent, (ref) => {
    const getAtt = ref['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || typeof getAtt[0] !== 'string' || typeof getAtt[1] !== 'string')
      return undefined;
    const outputs = outputsByResource.get(getAtt[0]);
    return outputs && getAtt[1].startsWith('Outputs.')
      ? outputs[getAtt[1].slice('Outputs.'.length)]
      : undefined;
  });
  return Template.fromJSON(flattened as Json);
}

/** `node` with every object for which `replace` gives a value replaced by it, deeply. */
function substitute(node: unknown, replace: (candidate: Json) => unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => substitute(item, replace));
  if (typeof node !== 'object' || node === null) return node;
  const replacement = replace(node as Json);
  if (replacement !== undefined) return replacement;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, substitute(value, replace)]));
}

/** A Lambda function resource of a synthesized template. */
export interface LambdaResource {
  Properties: {
    Description?: string;
    Handler?: string;
    Runtime: string;
    Timeout?: number;
    Architectures?: string[];
    TracingConfig?: { Mode: string };
    Environment?: { Variables: Record<string, unknown> };
  };
}

/**
 * The product's own functions (AppFunction: the bundles' `index.handler`), by logical id,
 * without the handlers CDK adds (trigger provider, bucket deployment).
 */
export function ownFunctions(template: Template): Record<string, LambdaResource> {
  return Object.fromEntries(
    Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, LambdaResource>).filter(
      ([, fn]) => fn.Properties.Handler === 'index.handler' && fn.Properties.Runtime.startsWith('nodejs'),
    ),
  );
}

/** The product manifest plus a FIFO queue and a standard one, which the product may not have yet. */
export const manifestWithQueues: AppManifest = {
  ...productManifest,
  queues: [
    ...productManifest.queues,
    {
      name: 'test-outbound',
      fifo: true,
      consumer: { name: 'test-outbound-sender', entry: 'src/none.ts', batchSize: 5 },
      visibilityTimeoutSeconds: 180,
      maxReceiveCount: 4,
    },
    {
      name: 'test-timers',
      fifo: false,
      consumer: { name: 'test-timer-runner', entry: 'src/none.ts', batchSize: 10 },
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 3,
    },
  ],
};

/** The real bundles for the product's functions, a stub for the synthetic ones. */
export const codeWithStubs: FunctionCodeSource = (bundleName) =>
  bundleName.startsWith('test-')
    ? Code.fromInline('exports.handler = async () => ({ batchItemFailures: [] });')
    : bundledCode(bundleName);

/** A minimal SPA build (index.html plus a hashed asset) in a temporary folder. */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atende-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script src="/assets/app-1a2b3c.js"></script>');
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("atende");');
  return dir;
}

/** cdk-nag AwsSolutions findings left after the acknowledgments, as `rule at construct path`. */
export function unacknowledgedFindings(app: App): string[] {
  return formatViolations(new AwsSolutionsChecks(app).validateScope(app).violations);
}

/**
 * Acknowledgments that no longer match an AwsSolutions finding on their construct or below it,
 * found by running the checks with every acknowledgment ignored.
 */
export function staleAcknowledgments(app: App): string[] {
  const checks = new AwsSolutionsChecks(app);
  // cdk-nag consults this private method for each finding; ignoring it yields every raw finding.
  (checks as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  const findings = checks.validateScope(app).violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => ({
      rule: violation.ruleName,
      path: resource.constructPath ?? '',
    })),
  );
  return acknowledgments(app)
    .filter(({ rule, scope }) => {
      const path = scope.node.path;
      return !findings.some((f) => f.rule === rule && (f.path === path || f.path.startsWith(`${path}/`)));
    })
    .map(({ rule, scope }) => `${rule} at ${scope.node.path}`);
}

/** Every AwsSolutions acknowledgment in the tree, with where it was made and its reason. */
export function acknowledgments(root: IConstruct): { rule: string; scope: IConstruct; reason: string }[] {
  return root.node.findAll().flatMap((scope) =>
    scope.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ rule: id.replace(/^annotation::/i, ''), scope, reason }))
      .filter(({ rule }) => rule.startsWith('AwsSolutions-')),
  );
}

function formatViolations(
  violations: ReturnType<AwsSolutionsChecks['validateScope']>['violations'],
): string[] {
  return violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
  );
}
