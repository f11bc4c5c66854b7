import { Match } from 'aws-cdk-lib/assertions';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { mediaCorsOrigins } from '../lib/media-bucket.ts';
import { synthesize as synthesizeStack } from './synthesize.ts';

/** The stack with stand-in function code: these assertions concern the bucket, not the bundles. */
const synthesize = (props: Parameters<typeof synthesizeStack>[0] = {}) =>
  synthesizeStack({
    functionCode: () => Code.fromInline('export const handler = async () => ({});'),
    ...props,
  });

/** The media bucket's CORS rule: the SPA's origin may GET and HEAD what a presigned URL names. */
function mediaCors(template: ReturnType<typeof synthesize>['template']) {
  const buckets = template.findResources('AWS::S3::Bucket', {
    Properties: { CorsConfiguration: Match.anyValue() },
  }) as Record<string, { Properties: { CorsConfiguration: { CorsRules: Record<string, unknown>[] } } }>;
  const entries = Object.entries(buckets);
  expect(entries.map(([id]) => id)).toEqual([expect.stringMatching(/^Media/)]);
  return entries[0]![1].Properties.CorsConfiguration.CorsRules;
}

let defaultStack: ReturnType<typeof synthesize> | undefined;
const withoutCustomDomain = () => (defaultStack ??= synthesize());

describe('media bucket', () => {
  it('lets exactly the custom domain read media, GET and HEAD only, no credentials', () => {
    const { template } = synthesize({
      customDomain: {
        domainName: 'atende.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:000000000000:certificate/x',
      },
    });
    expect(mediaCors(template)).toEqual([
      {
        AllowedOrigins: ['https://atende.example.com'],
        AllowedMethods: ['GET', 'HEAD'],
        AllowedHeaders: ['Range'],
        ExposedHeaders: ['Content-Length', 'Content-Range', 'Content-Type', 'Content-Disposition', 'ETag'],
        MaxAge: 3000,
      },
    ]);
  });

  it('without a custom domain allows the CloudFront default domains the SPA is served on', () => {
    const rules = mediaCors(withoutCustomDomain().template);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      AllowedOrigins: ['https://*.cloudfront.net'],
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(JSON.stringify(rules)).not.toMatch(/"\*"/);
  });

  it('stays private: public access blocked, TLS only', () => {
    const { template } = withoutCustomDomain();
    const [, bucket] = Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('Media'),
    )!;
    expect(
      (bucket as { Properties: Record<string, unknown> }).Properties.PublicAccessBlockConfiguration,
    ).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(mediaCorsOrigins('a.example')).toEqual(['https://a.example']);
  });
});
