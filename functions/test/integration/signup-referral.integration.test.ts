/**
 * The sign-up link's companyId (core §2 routes: "/signup — a companyId may come in the query
 * string"; docs/decisions.md, "Sign-up: the companyId of the link is a referral"): the new company
 * records the referring one when it exists; an unknown id, the platform's own or a deleted
 * company's is ignored, and the sign-up goes through either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';

let env: TestRuntime;
let root: ApiClient;
let planId: number;
let sequence = 0;

type Company = { id: number; name: string; referredBy: number | null };

beforeAll(async () => {
  env = await startTestRuntime();
  root = env.client();
  expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
  planId = (await root.get<{ id: number }[]>('/plans/list')).body[0]!.id;
});
afterAll(async () => {
  await env?.stop();
});

/** A sign-up from a visitor of its own (its own address: sign-ups are limited per address), with the extra fields given. */
async function signUp(extra: Record<string, unknown>) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}r${sequence}`;
  const visitor = env.client();
  return visitor.post<Company & { error?: string }>('/companies/cadastro', {
    name: `Referida ${tag}`,
    email: `referida-${tag}@example.com`,
    phone: '(11) 98888-7777',
    password: 'secret1',
    planId,
    ...extra,
  });
}

const listed = async (id: number) =>
  (await root.get<Company[]>('/companies/list')).body.find((company) => company.id === id);

describe('sign-up with a referring company', () => {
  it('records an existing referrer, shows it to super users, and ignores ids that name no client company', async () => {
    const referrer = await signUpCompany(env.client(), 'Referente');

    const referred = await signUp({ referrerCompanyId: referrer.companyId });
    expect(referred.status, JSON.stringify(referred.body)).toBe(201);
    expect(referred.body.referredBy).toBe(referrer.companyId);
    expect(await listed(referred.body.id)).toMatchObject({ referredBy: referrer.companyId });
    // The referrer itself is unchanged, and refers to nobody.
    expect(await listed(referrer.companyId)).toMatchObject({ referredBy: null });

    // Ignored: an id no company has, the platform's own company; no companyId at all.
    for (const extra of [{ referrerCompanyId: 999_999_999 }, { referrerCompanyId: 1 }, {}]) {
      const answer = await signUp(extra);
      expect(answer.status, JSON.stringify(extra)).toBe(201);
      expect(answer.body.referredBy, JSON.stringify(extra)).toBeNull();
      expect((await listed(answer.body.id))?.referredBy).toBeNull();
    }

    // A deleted company refers nobody any more.
    const gone = await signUpCompany(env.client(), 'Borrada');
    expect((await root.delete(`/companies/${gone.companyId}`)).status).toBe(202);
    const afterDelete = await signUp({ referrerCompanyId: gone.companyId });
    expect(afterDelete.status).toBe(201);
    expect(afterDelete.body.referredBy).toBeNull();

    // Not a positive whole number: a validation error, nothing created.
    for (const referrerCompanyId of ['abc', 0, -4, 1.5, '12']) {
      const refused = await signUp({ referrerCompanyId });
      expect(refused.status, String(referrerCompanyId)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
  }, 60_000);
});
