/**
 * The edge controls of issue #14 in the synthesized template: the REST API reachable only
 * through CloudFront, per-address and per-session request budgets on it, the security headers
 * (CSP included) CloudFront adds, and the sandbox module left out unless a stage asks for it.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { originVerifyHeader, viewerAddressHeader } from '../lib/api-firewall.ts';
import { ownFunctions, synthesize, type Synthesized } from './synthesize.ts';

let product: Synthesized;
let withSandbox: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  product = synthesize();
  withSandbox = synthesize({ sandbox: true });
});

const functionDescriptions = (synthesized: Synthesized) =>
  Object.values(ownFunctions(synthesized.template)).map((fn) => fn.Properties.Description);
const pathParts = (synthesized: Synthesized) =>
  Object.values(synthesized.template.findResources('AWS::ApiGateway::Resource')).map(
    (resource) => (resource.Properties as { PathPart: string }).PathPart,
  );

describe('the sandbox module', () => {
  it('is not deployed by default: no function, no route, no SANDBOX_ENABLED', () => {
    expect(functionDescriptions(product)).not.toContain('sandbox (test)');
    expect(pathParts(product)).not.toContain('sandbox');
    for (const fn of Object.values(ownFunctions(product.template))) {
      expect(fn.Properties.Environment?.Variables.SANDBOX_ENABLED).toBeUndefined();
    }
  });

  it('is deployed and enabled when the stage asks for it (-c sandbox=true)', () => {
    expect(functionDescriptions(withSandbox)).toContain('sandbox (test)');
    expect(pathParts(withSandbox)).toContain('sandbox');
    const sandboxFn = withSandbox.stack.restApi.functions.get('sandbox')!;
    const variables = ownFunctions(withSandbox.template)[
      withSandbox.stack.getLogicalId(sandboxFn.lambda.node.defaultChild as never)
    ]?.Properties.Environment?.Variables;
    expect(variables?.SANDBOX_ENABLED).toBe('true');
  });
});

describe('the REST API firewall', () => {
  it('is a regional web ACL on the REST API stage', () => {
    const { template, stack } = product;
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
      WebACLArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.apiFirewall.webAcl), 'Arn'] },
    });
    const association = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation'))[0]!;
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(
      stack.getLogicalId(stack.restApi.api.deploymentStage.node.defaultChild as never),
    );
  });

  it('blocks every request without the origin secret CloudFront adds, so the execute-api URL is closed', () => {
    const { template, stack } = product;
    const secretId = stack.getLogicalId(stack.apiFirewall.originSecret.node.defaultChild as never);
    const acl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]!;
    const rules = acl.Properties.Rules as {
      Name: string;
      Priority: number;
      Action: unknown;
      Statement: unknown;
    }[];
    const gate = rules.find((rule) => rule.Name === 'OnlyThroughCloudFront')!;
    expect(gate.Priority).toBe(0);
    expect(gate.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 403 } } });
    const match = (
      gate.Statement as { NotStatement: { Statement: { ByteMatchStatement: Record<string, unknown> } } }
    ).NotStatement.Statement.ByteMatchStatement;
    expect(match).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: originVerifyHeader } },
      PositionalConstraint: 'EXACTLY',
    });
    // The value is a Secrets Manager dynamic reference, never a literal in the template.
    expect(JSON.stringify(match.SearchString)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(match.SearchString)).toContain(secretId);

    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = (
      distribution.Properties as {
        DistributionConfig: {
          Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
        };
      }
    ).DistributionConfig.Origins;
    const apiOrigins = origins.filter((origin) =>
      origin.OriginCustomHeaders?.some((h) => h.HeaderName === originVerifyHeader),
    );
    expect(apiOrigins).toHaveLength(1);
    expect(JSON.stringify(apiOrigins[0]!.OriginCustomHeaders)).toContain('{{resolve:secretsmanager:');
  });

  it('answers 429 ERR_TOO_MANY_REQUESTS over a per-address or per-session budget', () => {
    const acl = Object.values(product.template.findResources('AWS::WAFv2::WebACL'))[0]!;
    const rules = acl.Properties.Rules as {
      Name: string;
      Action: unknown;
      Statement: { RateBasedStatement?: unknown };
    }[];
    const byName = Object.fromEntries(rules.map((rule) => [rule.Name, rule]));
    expect(byName.PerClientAddress?.Statement.RateBasedStatement).toEqual({
      Limit: 3000,
      EvaluationWindowSec: 60,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [
        { Header: { Name: viewerAddressHeader, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
      ],
    });
    expect(byName.PerSession?.Statement.RateBasedStatement).toMatchObject({
      Limit: 1200,
      CustomKeys: [{ Header: { Name: 'authorization' } }],
    });
    for (const name of ['PerClientAddress', 'PerSession']) {
      expect(byName[name]?.Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: 'tooManyRequests',
            ResponseHeaders: [{ Name: 'Retry-After', Value: '60' }],
          },
        },
      });
    }
    expect(acl.Properties.CustomResponseBodies.tooManyRequests).toEqual({
      ContentType: 'APPLICATION_JSON',
      Content: '{"error":"ERR_TOO_MANY_REQUESTS"}',
    });
  });

  it('takes other budgets from the stack props', () => {
    const { template } = synthesize({ apiRateLimits: { perAddress: 500, perSession: 100 } });
    const acl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]!;
    const limits = (
      acl.Properties.Rules as { Name: string; Statement: { RateBasedStatement?: { Limit: number } } }[]
    )
      .filter((rule) => rule.Statement.RateBasedStatement)
      .map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit]);
    expect(limits).toEqual([
      ['PerClientAddress', 500],
      ['PerSession', 100],
    ]);
  });

  it('gets the viewer address from a CloudFront Function on /api/*, written over any client value', () => {
    const { template } = product;
    const functions = Object.entries(template.findResources('AWS::CloudFront::Function'));
    const viewerAddress = functions.find(([, fn]) =>
      String(fn.Properties.FunctionCode).includes(viewerAddressHeader),
    );
    expect(viewerAddress?.[1].Properties.FunctionCode).toContain('event.viewer.ip');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            FunctionAssociations: [
              {
                EventType: 'viewer-request',
                FunctionARN: { 'Fn::GetAtt': [viewerAddress![0], 'FunctionARN'] },
              },
            ],
          }),
        ]),
      }),
    });
  });
});

describe('the security headers CloudFront adds', () => {
  it('include a CSP allowing the SPA, its API and socket, and the media bucket, plus HSTS, nosniff, no framing and a permissions policy', () => {
    const { template, stack } = product;
    const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const config = policy.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    const security = config.SecurityHeadersConfig;
    const csp = JSON.stringify(security.ContentSecurityPolicy!.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://");
    expect(csp).toContain(stack.getLogicalId(stack.mediaBucket.bucket.node.defaultChild as never));
    expect(csp).toContain('RegionalDomainName');
    expect(security.ContentSecurityPolicy!.Override).toBe(true);
    expect(security.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 31536000,
      IncludeSubdomains: true,
    });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    expect(config.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: 'Permissions-Policy', Value: expect.stringContaining('camera=()') }),
    );
  });
});
