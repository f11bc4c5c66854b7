import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { restAuthorizers } from '../../functions/src/manifest.ts';
import { productManifest } from '../lib/app-manifest.ts';
import { ownFunctions, synthesize, type Synthesized } from './synthesize.ts';

/**
 * The external message API in AWS (docs/decisions.md, "External message API"): POST
 * /api/messages/send behind a REQUEST authorizer that hands API Gateway the company's API key,
 * usage plans throttling by that key, and the IAM to keep plans and keys in step.
 */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  // The REST modules this API touches (and the connector's queue) keep the stack small: the
  // assertions below are about those, and the whole product is cdk-nag.test.ts's.
  synthesized = synthesize({
    manifest: {
      ...productManifest,
      restModules: productManifest.restModules.filter((module) =>
        ['messages', 'companies', 'plans', 'auth'].includes(module.name),
      ),
    },
  });
});

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string) =>
  Object.entries(synthesized.template.findResources(type)) as [string, Resource][];

describe('the external message API', () => {
  it('takes API keys only from authorizers', () => {
    synthesized.template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      ApiKeySourceType: 'AUTHORIZER',
    });
  });

  it('has a REQUEST authorizer on the Authorization header, cached for 60 s', () => {
    expect(restAuthorizers.map((a) => a.ttlSeconds)).toEqual([60]);
    synthesized.template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    synthesized.template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 60,
    });
    const fn = Object.values(ownFunctions(synthesized.template)).find(
      (candidate) => candidate.Properties.Description === 'external-api-authorizer (test)',
    );
    expect(fn?.Properties.Environment?.Variables).toMatchObject({ TABLE_NAME: { Ref: expect.any(String) } });
  });

  it('requires the key on POST /api/messages/send only, behind that authorizer', () => {
    const authorizerId = resources('AWS::ApiGateway::Authorizer')[0]?.[0];
    const [sendResourceId] =
      resources('AWS::ApiGateway::Resource').find(([, r]) => r.Properties.PathPart === 'send') ?? [];
    expect(sendResourceId).toBeDefined();
    const methods = resources('AWS::ApiGateway::Method').map(([, r]) => r.Properties);
    const keyed = methods.filter((method) => method.ApiKeyRequired === true);
    expect(keyed).toHaveLength(1);
    expect(keyed[0]).toMatchObject({
      HttpMethod: 'POST',
      AuthorizationType: 'CUSTOM',
      AuthorizerId: { Ref: authorizerId },
      ResourceId: { Ref: sendResourceId },
    });
  });

  it("answers refusals and throttling in the product's error shape", () => {
    const { template } = synthesized;
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNAUTHORIZED',
      StatusCode: '401',
      ResponseTemplates: { 'application/json': '{"error":"ERR_INVALID_API_TOKEN"}' },
    });
    for (const type of ['THROTTLED', 'QUOTA_EXCEEDED'])
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
        StatusCode: '429',
        ResponseParameters: Match.objectLike({ 'gatewayresponse.header.Retry-After': Match.anyValue() }),
        ResponseTemplates: { 'application/json': '{"error":"ERR_TOO_MANY_REQUESTS"}' },
      });
  });

  it('lets the plans and companies modules and the API usage sync task, and only them, manage usage plans and API keys', () => {
    const managing = resources('AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy).includes('apigateway:PATCH'),
    );
    expect(managing).toHaveLength(3);
    for (const [, policy] of managing) {
      const text = JSON.stringify(policy);
      for (const path of ['/usageplans', '/usageplans/*', '/apikeys', '/apikeys/*'])
        expect(text).toContain(`::${path}"`);
      expect(text).toContain('apigateway:DELETE');
    }
    const withApiId = Object.values(ownFunctions(synthesized.template)).filter(
      (fn) => fn.Properties.Environment?.Variables?.REST_API_ID !== undefined,
    );
    expect(withApiId.map((fn) => fn.Properties.Description).sort()).toEqual([
      'api-usage-sync (test)',
      'companies (test)',
      'plans (test)',
    ]);
    for (const fn of withApiId) expect(fn.Properties.Environment?.Variables?.REST_API_STAGE).toBe('test');
  });
});
