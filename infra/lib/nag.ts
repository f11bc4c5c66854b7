import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 runs as a policy-validation plugin and honours CDK's own acknowledgments
 * (`Validations.of(scope).acknowledge`) on the flagged resource or any of its ancestors.
 * These helpers keep every acknowledgment specific: one rule, or one finding of a rule, with
 * the reason it is acceptable here.
 */
export function acknowledgeRule(scope: IConstruct, ruleId: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${ruleId}`, reason });
}

/** Acknowledges the IAM5 finding for one wildcard resource ARN (a token or a literal). */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  acknowledgeRule(scope, `IAM5[Resource::${nagResourceName(scope, arn)}]`, reason);
}

/** Acknowledges the IAM5 finding for one wildcard action, e.g. `s3:GetObject*`. */
export function acknowledgeWildcardAction(scope: IConstruct, action: string, reason: string): void {
  acknowledgeRule(scope, `IAM5[Action::${action}]`, reason);
}

/** Acknowledges the IAM4 finding for one AWS managed policy, by its name under `policy/`. */
export function acknowledgeManagedPolicy(scope: IConstruct, policyName: string, reason: string): void {
  acknowledgeRule(scope, `IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${policyName}]`, reason);
}

/**
 * How cdk-nag names a resource in a finding: the resolved CloudFormation value flattened, with
 * `Ref` as `<Id>`, `Fn::GetAtt` as `<Id.Attr>` and `Fn::Join` joined (cdk-nag's
 * flattenCfnReference, which the package does not export).
 */
export function nagResourceName(scope: IConstruct, value: string): string {
  return flatten(Stack.of(scope).resolve(value));
}

function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record['Fn::Join'])) {
      const [delimiter, items] = record['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (record['Fn::Sub'] !== undefined) return flatten(record['Fn::Sub']);
    if (Array.isArray(record['Fn::GetAtt'])) {
      const [resource, attribute] = record['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (record['Fn::ImportValue'] !== undefined) return flatten(record['Fn::ImportValue']);
    if (record.Ref !== undefined) return `<${flatten(record.Ref)}>`;
  }
  return JSON.stringify(node);
}
