import { CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
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
  const stack = Stack.of(scope);
  return flatten(stack.resolve(value), foreignReferenceName(stack));
}

/**
 * In a nested stack, a reference to a resource of an enclosing stack reaches the template as a
 * parameter CDK names `referenceto<unique id of the target><Arn|Ref>` (core's refs.ts), and that
 * parameter is what cdk-nag sees. `resolve` still gives the target's own logical id, so the
 * name is rebuilt here from the enclosing stacks' elements.
 */
function foreignReferenceName(stack: Stack): (logicalId: string, attribute?: string) => string | undefined {
  const parents: Stack[] = [];
  for (let parent = stack.nestedStackParent; parent; parent = parent.nestedStackParent) parents.push(parent);
  if (parents.length === 0) return () => undefined;
  return (logicalId, attribute) => {
    if (stack.node.findAll().some((c) => CfnElement.isCfnElement(c) && stack.getLogicalId(c) === logicalId))
      return undefined;
    for (const parent of parents) {
      const target = parent.node
        .findAll()
        .find(
          (c) => CfnElement.isCfnElement(c) && Stack.of(c) === parent && parent.getLogicalId(c) === logicalId,
        );
      if (target)
        return `referenceto${Names.nodeUniqueId(target.node)}${attribute ?? 'Ref'}`.replace(
          /[^A-Za-z0-9]/g,
          '',
        );
    }
    return undefined;
  };
}

type ReferenceNamer = (logicalId: string, attribute?: string) => string | undefined;

function flatten(node: unknown, rename: ReferenceNamer): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record['Fn::Join'])) {
      const [delimiter, items] = record['Fn::Join'] as [string, unknown[]];
      return items.map((item) => flatten(item, rename)).join(delimiter);
    }
    if (record['Fn::Sub'] !== undefined) return flatten(record['Fn::Sub'], rename);
    if (Array.isArray(record['Fn::GetAtt'])) {
      const [resource, attribute] = record['Fn::GetAtt'] as [unknown, unknown];
      const parameter =
        typeof resource === 'string' && typeof attribute === 'string'
          ? rename(resource, attribute)
          : undefined;
      return parameter ? `<${parameter}>` : `<${flatten(resource, rename)}.${flatten(attribute, rename)}>`;
    }
    if (record['Fn::ImportValue'] !== undefined) return flatten(record['Fn::ImportValue'], rename);
    if (record.Ref !== undefined) {
      const parameter = typeof record.Ref === 'string' ? rename(record.Ref) : undefined;
      return `<${parameter ?? flatten(record.Ref, rename)}>`;
    }
  }
  return JSON.stringify(node);
}
