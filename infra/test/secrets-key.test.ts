import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { productManifest } from '../lib/app-manifest.ts';
import { ownFunctions, synthesize, type Synthesized } from './synthesize.ts';

/**
 * The KMS key sealing companies' secrets (docs/security.md, AI prompt keys, queue integration
 * credentials, outbound webhook signing secrets, the platform's payment tokens): rotated, granted
 * to the prompts, queue-integrations, webhooks and settings modules (seal and open), the bot turn,
 * the webhook delivery worker and the subscription module (open only), and to no other function.
 */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize({
    manifest: {
      ...productManifest,
      restModules: productManifest.restModules.filter((module) =>
        ['prompts', 'queue-integrations', 'webhooks', 'settings', 'subscription', 'auth'].includes(
          module.name,
        ),
      ),
    },
  });
});

type Statement = { Action: string | string[]; Resource: unknown };
type Policy = { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } } };
type Fn = {
  Properties: {
    Description?: string;
    Role?: { 'Fn::GetAtt': [string, string] };
    Environment?: { Variables: Record<string, unknown> };
  };
};

const keyId = () => Object.keys(synthesized.template.findResources('AWS::KMS::Key'))[0]!;

/** The KMS actions each function's role is allowed, by the function's description. */
function kmsActionsByFunction(): Record<string, string[]> {
  const functions = ownFunctions(synthesized.template) as unknown as Record<string, Fn>;
  const policies = Object.values(
    synthesized.template.findResources('AWS::IAM::Policy') as Record<string, Policy>,
  );
  const byRole = new Map<string, string[]>();
  for (const policy of policies) {
    const actions = policy.Properties.PolicyDocument.Statement.flatMap((s) =>
      Array.isArray(s.Action) ? s.Action : [s.Action],
    ).filter((a) => a.startsWith('kms:'));
    for (const role of policy.Properties.Roles)
      byRole.set(role.Ref, [...(byRole.get(role.Ref) ?? []), ...actions]);
  }
  return Object.fromEntries(
    Object.values(functions).map((fn) => [
      fn.Properties.Description ?? '',
      byRole.get(fn.Properties.Role?.['Fn::GetAtt'][0] ?? '') ?? [],
    ]),
  );
}

describe('the secrets key', () => {
  it('is one KMS key with yearly rotation', () => {
    synthesized.template.resourceCountIs('AWS::KMS::Key', 1);
    synthesized.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('lets the prompts, queue-integrations, webhooks and settings modules seal and open, the bot turn, webhook delivery and subscription only open, and nobody else anything', () => {
    const actions = kmsActionsByFunction();
    const granted = (prefix: string) =>
      Object.entries(actions).find(([name]) => name.startsWith(prefix))?.[1] ?? [];
    expect(granted('prompts')).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    expect(granted('queue-integrations')).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    // Direct sealing only: no data keys, no re-encryption (and no wildcard actions for cdk-nag).
    for (const holder of ['prompts', 'queue-integrations', 'webhooks', 'settings'])
      expect([...new Set(granted(holder))].sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
    for (const opener of ['bot-turn', 'webhook-delivery', 'subscription']) {
      expect(granted(opener), opener).toContain('kms:Decrypt');
      expect(granted(opener), opener).not.toContain('kms:Encrypt');
    }
    const holders = [
      'prompts',
      'queue-integrations',
      'webhooks',
      'settings',
      'bot-turn',
      'webhook-delivery',
      'subscription',
    ];
    const others = Object.entries(actions).filter(([name]) => !holders.some((h) => name.startsWith(h)));
    expect(others.length).toBeGreaterThan(0);
    for (const [name, granted] of others) expect(granted, name).toEqual([]);
  });

  it('names the key to those seven functions only (SECRETS_KMS_KEY_ID)', () => {
    const functions = Object.values(ownFunctions(synthesized.template) as unknown as Record<string, Fn>);
    const named = functions.filter(
      (fn) => fn.Properties.Environment?.Variables.SECRETS_KMS_KEY_ID !== undefined,
    );
    expect(named.map((fn) => fn.Properties.Description?.split(' ')[0]).sort()).toEqual([
      'bot-turn',
      'prompts',
      'queue-integrations',
      'settings',
      'subscription',
      'webhook-delivery',
      'webhooks',
    ]);
    for (const fn of named)
      expect(fn.Properties.Environment!.Variables.SECRETS_KMS_KEY_ID).toEqual({
        'Fn::GetAtt': [keyId(), 'Arn'],
      });
  });
});
