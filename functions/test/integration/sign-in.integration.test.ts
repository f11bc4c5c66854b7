import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser } from './support/runtime.ts';
import { eventsOf } from './support/live.ts';

let env: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type SessionUser = {
  id: number;
  profile: string;
  super: boolean;
  company: { id: number; name: string; dueDate: string; recurrence: string; status: boolean; settings: { key: string; value: string }[]; plan: { users: number } };
};

describe('first start', () => {
  it('created the platform with the super user from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const client = env.client();
    const login = await client.login(superUser.email, superUser.password);
    expect(login.status).toBe(200);
    const user = login.body.user as unknown as SessionUser;
    expect(user.super).toBe(true);
    expect(user.company.id).toBe(1);
  });
});

describe('sign-up and sign-in', () => {
  it('signs a company up with the spec terms and signs its admin in', async () => {
    const client = env.client();
    const { user } = await signUpCompany(client, 'Panadería');
    const session = user as unknown as SessionUser;
    expect(session.profile).toBe('admin');
    expect(session.super).toBe(false);
    expect(session.company.recurrence).toBe('MENSUAL');
    expect(session.company.status).toBe(true);
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect([inThreeDays, new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)]).toContain(session.company.dueDate);
    const settings = Object.fromEntries(session.company.settings.map((s) => [s.key, s.value]));
    expect(settings).toMatchObject({ userRating: 'disabled', call: 'enabled', chatBotType: 'text', campaignsEnabled: 'true' });
    expect(client.cookies.get('jrt')).toBeTruthy();
    const me = await client.get<SessionUser>('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(session.id);
  });

  it('refuses a second company with the same name or e-mail', async () => {
    const client = env.client();
    const plans = await client.get<{ id: number }[]>('/plans/list');
    const form = { name: 'Única SA', email: 'unica@example.com', phone: '11999998888', password: 'secret1', planId: plans.body[0]!.id };
    expect((await client.post('/companies/cadastro', form)).status).toBe(201);
    const sameName = await client.post('/companies/cadastro', { ...form, name: ' ÚNICA sa ', email: 'otra@example.com' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: 'ERR_DUPLICATED_NAME' });
    const sameEmail = await client.post('/companies/cadastro', { ...form, name: 'Otra SA' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: 'ERR_DUPLICATED_EMAIL' });
  });

  it('answers sign-up validation with the spec texts', async () => {
    const answer = await env.client().post<{ error: string; issues: { path: string; message: string }[] }>('/companies/cadastro', {
      name: 'A',
      email: 'not-an-email',
      password: '123',
      planId: 1,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    const messages = Object.fromEntries(answer.body.issues.map((i) => [i.path, i.message]));
    expect(messages.email).toBe('Correo inválido');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const client = env.client();
    const { admin } = await signUpCompany(client);
    const wrongPassword = await env.client().post('/auth/login', { email: admin.email, password: 'nope!!' });
    const unknownEmail = await env.client().post('/auth/login', { email: 'nobody@example.com', password: 'nope!!' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('slows repeated failures from one address down and then refuses it with 429, even the right password', async () => {
    const client = env.client();
    const { admin } = await signUpCompany(client);
    const attacker = env.client('203.0.113.20');
    const attempts: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      attempts.push((await attacker.post('/auth/login', { email: admin.email, password: `wrong-${i}` })).status);
    }
    expect(attempts).toEqual(Array(10).fill(401));
    const locked = await attacker.post('/auth/login', { email: admin.email, password: admin.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS' });
    // The stranger's failures do not lock the owner, who signs in from elsewhere.
    expect((await env.client().login(admin.email, admin.password)).status).toBe(200);
  }, 60_000);

  it('counts parallel guesses atomically: at most the limit of them reach the password check', async () => {
    const client = env.client();
    const { admin } = await signUpCompany(client);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => env.client('203.0.113.21').post('/auth/login', { email: admin.email, password: `wrong-${i}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
  }, 60_000);

  it('refuses an address that sprays passwords over many e-mails', async () => {
    const sprayer = env.client('203.0.113.22');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await sprayer.post('/auth/login', { email: `person-${i}@example.com`, password: 'Verano2024' })).status);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(401), 429]);
    // Others are not affected.
    const { admin } = await signUpCompany(env.client());
    expect((await env.client().login(admin.email, admin.password)).status).toBe(200);
  }, 60_000);

  it('signs in whatever the case of the e-mail, and refuses a user whose e-mail differs only in case', async () => {
    const { admin } = await signUpCompany(env.client());
    // Signing in again replaces the first session: this client is the admin from now on.
    const client = env.client();
    expect((await client.login(admin.email.toUpperCase(), admin.password)).status).toBe(200);
    const mixed = `Agente-${Date.now()}@Example.COM`;
    const created = await client.post<{ email: string }>('/users', {
      name: 'Agente Uno',
      email: mixed,
      password: 'secret1',
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
    });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(mixed.toLowerCase());
    const duplicate = await client.post('/users', {
      name: 'Agente Dos',
      email: mixed.toUpperCase(),
      password: 'secret1',
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'ERR_DUPLICATED_EMAIL' });
    expect((await env.client().login(mixed, 'secret1')).status).toBe(200);
  }, 60_000);

  it('limits sign-ups per client address, and only onto public plans', async () => {
    const visitor = env.client('203.0.113.23');
    const plans = await visitor.get<{ id: number }[]>('/plans/list');
    const form = (i: number) => ({ name: `Límite ${Date.now()} ${i}`, email: `limite-${Date.now()}-${i}@example.com`, phone: '11999998888', password: 'secret1', planId: plans.body[0]!.id });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await visitor.post('/companies/cadastro', form(i))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const root = env.client();
    expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
    const hidden = await root.post<{ id: number; isPublic: boolean }>('/plans', { name: `Interno ${Date.now()}`, users: 100, connections: 100, queues: 100, value: 0, isPublic: false });
    expect(hidden.status).toBe(201);
    expect(hidden.body.isPublic).toBe(false);
    const listed = await env.client().get<{ id: number }[]>('/plans/list');
    expect(listed.body.map((plan) => plan.id)).not.toContain(hidden.body.id);
    const onHidden = await env.client().post('/companies/cadastro', { ...form(9), planId: hidden.body.id });
    expect(onHidden.status).toBe(404);
    expect(onHidden.body).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
    // Super users still create companies on any plan.
    expect((await root.post('/companies', { name: `Interna ${Date.now()}`, planId: hidden.body.id })).status).toBe(201);
  }, 60_000);
});

describe('sessions', () => {
  it('refreshes with the cookie, rotating it, and keeps a just-rotated cookie valid briefly', async () => {
    const client = env.client();
    await signUpCompany(client);
    const firstCookie = client.cookies.get('jrt')!;
    const refreshed = await client.post<{ token: string }>('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toBeTruthy();
    const secondCookie = client.cookies.get('jrt')!;
    expect(secondCookie).not.toBe(firstCookie);

    // Another tab still holding the previous cookie is not logged out.
    const otherTab = new ApiClient(env.runtime.url);
    otherTab.cookies.set('jrt', firstCookie);
    expect((await otherTab.post('/auth/refresh_token')).status).toBe(200);

    const forged = new ApiClient(env.runtime.url);
    forged.cookies.set('jrt', firstCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    const refused = await forged.post('/auth/refresh_token');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('ends the session on logout, so the cookie no longer refreshes', async () => {
    const client = env.client();
    await signUpCompany(client);
    const cookie = client.cookies.get('jrt')!;
    expect((await client.delete('/auth/logout')).status).toBe(204);
    const after = new ApiClient(env.runtime.url);
    after.cookies.set('jrt', cookie);
    expect((await after.post('/auth/refresh_token')).status).toBe(401);
  });

  it('forces the first session out when the same user signs in elsewhere', async () => {
    const first = env.client();
    const { admin } = await signUpCompany(first);
    const socket = new WebSocket(`${env.runtime.url.replace(/^http/, 'ws')}/ws?token=${first.token}`);
    const messages: { event: string; data: unknown }[] = [];
    socket.on('message', (raw) => messages.push(...(eventsOf(raw) as typeof messages)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    const second = env.client();
    expect((await second.login(admin.email, admin.password)).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.event === 'auth') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(messages.find((m) => m.event === 'auth')).toMatchObject({ event: 'auth', data: { action: 'update' } });
    socket.close();

    // The first session's refresh cookie is dead; the second one works.
    expect((await first.post('/auth/refresh_token')).status).toBe(401);
    expect((await second.post('/auth/refresh_token')).status).toBe(200);
  });
});

describe('the payment-provider token (asaas setting)', () => {
  it('is read and written by super users only, and never in sign-in answers, /auth/me or live events', async () => {
    const admin = env.client();
    await signUpCompany(admin);
    const refused = await admin.put('/settings/asaas', { value: 'token-de-empresa' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'ERR_NO_PERMISSION' });

    const root = env.client();
    expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
    const socket = new WebSocket(`${env.runtime.url.replace(/^http/, 'ws')}/ws?token=${root.token}`);
    const messages: { event: string; data: unknown }[] = [];
    socket.on('message', (raw) => messages.push(...(eventsOf(raw) as typeof messages)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const written = await root.put('/settings/asaas', { value: 'secreto-123' });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ key: 'asaas', value: '••••-123' });
    expect((await root.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    await expect
      .poll(() => messages.some((m) => m.event === 'setting' && JSON.stringify(m.data).includes('userRating')), { timeout: 10_000 })
      .toBe(true);
    socket.close();
    expect(JSON.stringify(messages)).not.toContain('secreto-123');

    const settings = await root.get<{ key: string; value: string }[]>('/settings');
    // Even a super user reads a secret setting masked: only its last 4 characters.
    expect(settings.body).toContainEqual({ key: 'asaas', value: '••••-123' });
    expect(JSON.stringify(settings.body)).not.toContain('secreto-123');
    const me = await root.get('/auth/me');
    expect(JSON.stringify(me.body)).not.toContain('secreto-123');
    const again = env.client();
    const login = await again.login(superUser.email, superUser.password);
    expect(JSON.stringify(login.body)).not.toContain('secreto-123');
    expect(JSON.stringify((await again.post('/auth/refresh_token')).body)).not.toContain('secreto-123');
    expect((await admin.get<{ key: string }[]>('/settings')).body.map((s) => s.key)).not.toContain('asaas');
    // The runtime is shared with other files: with no key the checkout uses the sandbox provider again.
    expect((await again.put('/settings/asaas', { value: '' })).status).toBe(200);
  }, 60_000);
});

