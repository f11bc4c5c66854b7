/**
 * Languages (docs/i18n.md): a user's own UI language is stored on the user and comes back with
 * every fresh sign-in (so another device shows it); only oneself (or an admin of the same
 * company) sets it; a company's language, given at sign-up, chooses the default texts its
 * customers get (here the acceptance greeting and the rating question).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let sequence = 0;

type SessionUser = { id: number; name: string; language: string | null };

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => {
  await env?.stop();
});

/** A sign-up through the public route with a language, its admin signed in on a client of its own. */
async function signUpIn(language: string) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}l${sequence}`;
  const admin = env.client();
  const plans = await admin.get<{ id: number }[]>('/plans/list');
  const email = `idioma-${tag}@example.com`;
  const signup = await admin.post<{ id: number; language: string | null }>('/companies/cadastro', {
    name: `Idioma ${tag}`,
    email,
    phone: '(11) 98888-7777',
    password: 'secret1',
    planId: plans.body[0]!.id,
    language,
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const login = await admin.login(email, 'secret1');
  expect(login.status).toBe(200);
  return {
    admin,
    email,
    companyId: signup.body.id,
    company: signup.body,
    user: login.body.user as SessionUser,
  };
}

/** A fresh sign-in (another device) of a user, answering the session's user. */
async function signInElsewhere(email: string): Promise<SessionUser> {
  const device = env.client();
  const login = await device.login(email, 'secret1');
  expect(login.status).toBe(200);
  const me = await device.get<SessionUser>('/auth/me');
  expect(me.body.language).toBe((login.body.user as SessionUser).language);
  return login.body.user as SessionUser;
}

describe("a user's language", () => {
  it('is stored on the user by their own PUT /users/{id} and returned by a fresh sign-in', async () => {
    const admin = env.client();
    const { admin: credentials, user } = await signUpCompany(admin, 'Idiomas');
    const { email } = credentials;
    expect((user as SessionUser).language ?? null).toBeNull();

    const saved = await admin.put<SessionUser>(`/users/${user.id}`, { language: 'en' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.language).toBe('en');

    // Not one of the three: refused, nothing changes.
    for (const language of ['fr', 'pt', 'EN', '', 3]) {
      const refused = await admin.put<{ error: string }>(`/users/${user.id}`, { language });
      expect(refused.status, String(language)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
    // Signing in on another device (which ends this one's session) shows the choice.
    expect((await signInElsewhere(email)).language).toBe('en');
  });

  it('an agent sets their own, not a colleague’s; another company cannot set it at all', async () => {
    const admin = env.client();
    const { companyId, user } = await signUpCompany(admin, 'Equipo');
    const { agent, userId } = await agentOf(admin, companyId, `ana${Date.now().toString(36)}`);
    const own = await agent.put<SessionUser>(`/users/${userId}`, { language: 'pt-BR' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.language).toBe('pt-BR');

    const colleague = await agent.put<{ error: string }>(`/users/${user.id}`, { language: 'pt-BR' });
    expect(colleague.status).toBe(403);
    expect(colleague.body.error).toBe('ERR_NO_PERMISSION');

    // Another company's admin: the company comes from the token, so the same id names a user of
    // their own company (ids count per company) or nobody; this company's user is untouched.
    const otherAdmin = env.client();
    const other = await signUpCompany(otherAdmin, 'Ajena');
    const foreign = await otherAdmin.put<{ companyId?: number }>(`/users/${user.id}`, { language: 'en' });
    if (foreign.status === 200) expect(foreign.body.companyId).toBe(other.companyId);
    else expect([403, 404]).toContain(foreign.status);
    expect((await admin.get<SessionUser>(`/users/${user.id}`)).body.language ?? null).toBeNull();
  });
});

describe("a company's language", () => {
  it('is given at sign-up (to its first admin too) and picks the default texts its customers get', async () => {
    const { admin, companyId, company, user } = await signUpIn('pt-BR');
    expect(company.language).toBe('pt-BR');
    expect(user.language).toBe('pt-BR');
    expect((await admin.get<{ language: string }>(`/companies/${companyId}`)).body.language).toBe('pt-BR');

    for (const [key, value] of [
      ['userRating', 'enabled'],
      ['sendGreetingAccepted', 'enabled'],
    ] as const) {
      expect((await admin.put(`/settings/${key}`, { value })).status).toBe(200);
    }
    const whatsappId = await connectSandbox(admin);
    const from = '5511980004321';
    await customerWrites(admin, whatsappId, { from, name: 'Cliente', body: 'oi', id: `idioma-${companyId}` });
    const [ticket] = await pendingTicketsOf(admin, [from]);
    expect((await admin.put(`/tickets/${ticket!.id}`, { status: 'open' })).status).toBe(200);
    expect((await admin.put(`/tickets/${ticket!.id}`, { status: 'closed' })).status).toBe(200);

    const sent = await until(async () => {
      const bodies = (await outboxOf(admin, whatsappId, from)).map((item) => item.body);
      return bodies.length >= 2 ? bodies : undefined;
    }, 'the greeting and the rating question');
    expect(sent[0]).toBe(`Olá Cliente! Sou *${user.name}* e a partir de agora cuido do seu atendimento.`);
    expect(sent[1]).toBe(
      'Por favor, avalie nosso atendimento respondendo apenas com um número:\n\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito',
    );
  });

  it('is refused when not one of the three', async () => {
    const visitor = env.client();
    const refused = await visitor.post<{ error: string }>('/companies/cadastro', {
      name: `Idioma malo ${Date.now().toString(36)}`,
      email: `malo-${Date.now().toString(36)}@example.com`,
      phone: '(11) 98888-7777',
      password: 'secret1',
      planId: (await visitor.get<{ id: number }[]>('/plans/list')).body[0]!.id,
      language: 'de',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
  });
});
