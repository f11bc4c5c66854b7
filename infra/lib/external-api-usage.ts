import { Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { AppFunction } from './lambda-function.ts';
import { acknowledgeWildcardResource } from './nag.ts';

/**
 * The external message API's usage plans (docs/decisions.md, "External message API"): the REST
 * modules that create, change and delete plans and companies keep a usage plan per plan and an
 * API key per company in step (functions/src/aws/api-gateway-usage.ts); the authorizer only reads
 * the table (the connection token, the company and its plan).
 */
export function allowUsagePlanManagement(fn: AppFunction, api: RestApi, stageName: string): void {
  const arn = (path: string) =>
    Stack.of(fn).formatArn({ service: 'apigateway', account: '', resource: path });
  const plansAndKeys = [arn('/usageplans'), arn('/usageplans/*'), arn('/apikeys'), arn('/apikeys/*')];
  fn.lambda.addToRolePolicy(
    new PolicyStatement({
      actions: ['apigateway:GET', 'apigateway:POST', 'apigateway:PATCH', 'apigateway:DELETE'],
      resources: plansAndKeys,
    }),
  );
  // A usage plan is created attached to the API's stage.
  fn.lambda.addToRolePolicy(
    new PolicyStatement({
      actions: ['apigateway:GET'],
      resources: [arn(`/restapis/${api.restApiId}/stages/${stageName}`)],
    }),
  );
  fn.setEnvironment('REST_API_ID', api.restApiId);
  fn.setEnvironment('REST_API_STAGE', stageName);
  for (const wildcard of [arn('/usageplans/*'), arn('/apikeys/*')])
    acknowledgeWildcardResource(
      fn,
      wildcard,
      'Usage plans and API keys are created at runtime, one per product plan and per company; API Gateway names them by generated ids, so the grant covers the account region usage plans and keys.',
    );
}

/** The authorizer reads the table and its indexes only; env TABLE_NAME. */
export function allowTableReads(fn: AppFunction, table: ITable): void {
  table.grantReadData(fn.lambda);
  fn.setEnvironment('TABLE_NAME', table.tableName);
  acknowledgeWildcardResource(
    fn,
    `${table.tableArn}/index/*`,
    'The connection token is looked up through the table global secondary index gsi1, which belongs to this one table.',
  );
}
