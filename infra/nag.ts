// cdk-nag 3 acknowledges a granular finding (e.g. one wildcard resource of IAM5) only by its exact id, and
// prints CloudFormation values in its own flattened form. This renders a value the way cdk-nag does, so an
// acknowledgement names exactly the resource it justifies — never a whole rule.
import { Stack } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * `value` (a string that may hold tokens) as cdk-nag writes it in a finding id. Only for values that are the same
 * before and after CDK resolves cross-stack references: local attributes, pseudo parameters, named imports.
 */
export function nagText(scope: IConstruct, value: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(value));
}
