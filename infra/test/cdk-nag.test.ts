import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import {
  acknowledgments,
  codeWithStubs,
  fakeWebBuild,
  manifestWithQueues,
  ownFunctions,
  staleAcknowledgments,
  synthesize,
  unacknowledgedFindings,
  type Synthesized,
} from './synthesize.ts';

/** The product stack as `npx cdk synth` makes it without options. */
let product: Synthesized;
/** Every option switched on: prod, queues, an SPA build to deploy, a custom domain, alarm e-mail. */
let everything: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  product = synthesize();
  everything = synthesize({
    stageName: 'prod',
    manifest: manifestWithQueues,
    functionCode: codeWithStubs,
    webAssetsDir: fakeWebBuild(),
    customDomain: {
      domainName: 'atende.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000',
    },
    alarmEmail: 'ops@example.com',
    firstSuperUser: { email: 'admin@example.com' },
  });
});

/**
 * cdk-nag 3 is a policy-validation plugin, not an Aspect: its findings are not annotations
 * (Annotations.fromStack sees none of them) but the report of `validateScope`, which honours
 * the acknowledgments made with Validations.of(scope).acknowledge.
 */
describe('cdk-nag AwsSolutions checks', () => {
  it('find no unacknowledged error or warning in the product stack', () => {
    expect(unacknowledgedFindings(product.app)).toEqual([]);
  });

  it('find no unacknowledged error or warning with every option', () => {
    expect(unacknowledgedFindings(everything.app)).toEqual([]);
  });

  it('leave no acknowledgment that matches no finding', () => {
    expect(staleAcknowledgments(product.app)).toEqual([]);
    expect(staleAcknowledgments(everything.app)).toEqual([]);
  });

  it('see a specific reason on every acknowledgment', () => {
    const all = [...acknowledgments(product.app), ...acknowledgments(everything.app)];
    expect(all.length).toBeGreaterThan(0);
    for (const { rule, scope, reason } of all) {
      expect(reason.length, `${rule} at ${scope.node.path}`).toBeGreaterThanOrEqual(60);
    }
  });
});

describe('the stack with every option', () => {
  it('raises no CDK warning or error', () => {
    const annotations = Annotations.fromStack(everything.stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('serves the custom domain with TLS 1.2 at least', () => {
    everything.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['atende.example.com'],
        ViewerCertificate: Match.objectLike({
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        }),
      }),
    });
  });

  it('deploys the SPA: hashed assets immutable, entry files revalidated and invalidated', () => {
    const { template } = everything;
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      Prune: false,
    });
  });

  it('hands the first super user to the bootstrap task only, its password as a generated secret', () => {
    const { template, stack } = everything;
    const functions = Object.values(ownFunctions(template));
    const withAdmin = functions.filter((fn) => fn.Properties.Environment?.Variables.ADMIN_EMAIL);
    expect(withAdmin.map((fn) => fn.Properties.Description)).toEqual(['bootstrap (prod)']);
    const variables = withAdmin[0]?.Properties.Environment?.Variables;
    expect(variables).toMatchObject({ ADMIN_EMAIL: 'admin@example.com' });
    expect(variables).not.toHaveProperty('ADMIN_PASSWORD');
    // Only the secret's ARN is in the template; CloudFormation generates the value.
    const secretId = stack.getLogicalId(
      stack.node.findChild('FirstSuperUser').node.findChild('Secret').node.defaultChild as never,
    );
    expect(variables?.ADMIN_PASSWORD_SECRET_ARN).toEqual({ Ref: secretId });
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 24, RequireEachIncludedType: true }),
    });
    expect(template.findResources('AWS::SecretsManager::Secret')[secretId]?.Properties).not.toHaveProperty(
      'SecretString',
    );
    template.hasOutput('FirstSuperUserSecretArn', { Value: { Ref: secretId } });
    // The bootstrap may read that secret; no other function may.
    const readers = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(`"Ref":"${secretId}"`),
    );
    const bootstrapRole = stack.getLogicalId(
      stack.tasks.functions.get('bootstrap')!.role.node.defaultChild as never,
    );
    expect(readers.map((policy) => JSON.stringify(policy.Properties.Roles))).toEqual([
      JSON.stringify([{ Ref: bootstrapRole }]),
    ]);
  });

  it('tells the REST functions which header carries the viewer address', () => {
    const { template, stack } = everything;
    for (const fn of stack.restApi.functions.values()) {
      const variables =
        ownFunctions(template)[stack.getLogicalId(fn.lambda.node.defaultChild as never)]?.Properties
          .Environment?.Variables;
      expect(variables).toMatchObject({ CLIENT_ADDRESS_HEADER: 'x-atende-viewer-address' });
    }
  });

  it('gives every REST function the per-company request budget', () => {
    const { template, stack } = everything;
    expect(stack.restApi.functions.size).toBeGreaterThan(0);
    for (const fn of stack.restApi.functions.values()) {
      const variables =
        ownFunctions(template)[stack.getLogicalId(fn.lambda.node.defaultChild as never)]?.Properties
          .Environment?.Variables;
      expect(variables).toMatchObject({ COMPANY_REQUESTS_PER_MINUTE: '3000' });
    }
  });

  it('lets the REST functions (password reset among them) send mail as no-reply@<custom domain> only', () => {
    const { template, stack } = everything;
    const identity = (name: string) => `arn:aws:ses:us-east-1:000000000000:identity/${name}`;
    for (const fn of stack.restApi.functions.values()) {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: stack.getLogicalId(fn.role.node.defaultChild as never) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            {
              Action: 'ses:SendEmail',
              Effect: 'Allow',
              Resource: [identity('atende.example.com'), identity('no-reply@atende.example.com')],
            },
          ]),
        },
      });
    }
    const passwordReset =
      ownFunctions(template)[
        stack.getLogicalId(stack.restApi.functions.get('password-reset')!.lambda.node.defaultChild as never)
      ];
    expect(passwordReset?.Properties.Environment?.Variables).toMatchObject({
      MAIL_FROM: 'no-reply@atende.example.com',
    });
    const bootstrap = stack.getLogicalId(
      stack.tasks.functions.get('bootstrap')!.role.node.defaultChild as never,
    );
    const bootstrapPolicies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(bootstrap),
    );
    expect(JSON.stringify(bootstrapPolicies)).not.toContain('ses:');
  });

  it('takes an explicit sender with a display name, granting its address and domain', () => {
    const { template, stack } = synthesize({ mailFrom: 'Atende <suporte@mail.example.org>' });
    const fn = stack.restApi.functions.get('password-reset')!;
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: stack.getLogicalId(fn.role.node.defaultChild as never) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ses:SendEmail',
            Resource: [
              'arn:aws:ses:us-east-1:000000000000:identity/mail.example.org',
              'arn:aws:ses:us-east-1:000000000000:identity/suporte@mail.example.org',
            ],
          }),
        ]),
      },
    });
    expect(
      ownFunctions(template)[stack.getLogicalId(fn.lambda.node.defaultChild as never)]?.Properties.Environment
        ?.Variables.MAIL_FROM,
    ).toBe('Atende <suporte@mail.example.org>');
    expect(() => synthesize({ mailFrom: 'not-an-address' })).toThrow(/not an e-mail address/);
  });

  it('retains the data in prod', () => {
    const { template } = everything;
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    template.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));
    expect(buckets.filter((b) => b.DeletionPolicy === 'Retain')).toHaveLength(2);
  });
});
