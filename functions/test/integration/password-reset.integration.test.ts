import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany, startTestRuntime } from './support/runtime.ts';

let env: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

const codeIn = (mail: string | undefined) => /código de verificación es: (\d{6})/i.exec(mail ?? '')?.[1];
/** The newest reset code mailed to an address (other mails, such as the blocked-requests notice, skipped). */
const lastCodeTo = (address: string) => codeIn(env.mailsTo(address).findLast((mail) => codeIn(mail) !== undefined));
const blockedNotices = (address: string) => env.mailsTo(address).filter((mail) => /bloqueamos los siguientes/.test(mail));

describe('password reset', () => {
  it('answers 404 for an unknown e-mail, as the spec says', async () => {
    const answer = await env.client().post('/forgetpassword/nobody@example.com');
    expect(answer.status).toBe(404);
  });

  it('sends a code, sets the new password with it once, and ends the old session', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Reset');
    const oldCookie = owner.cookies.get('jrt')!;
    const anonymous = env.client();
    expect((await anonymous.post(`/forgetpassword/${encodeURIComponent(admin.email)}`)).status).toBe(200);
    const code = codeIn(env.lastMailTo(admin.email));
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = await anonymous.post(`/resetpasswords/${admin.email}/000000`, { newPassword: 'Nueva-clave1' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toEqual({ error: 'ERR_INVALID_RESET_CODE' });

    const weak = await anonymous.post<{ error: string }>(`/resetpasswords/${admin.email}/${code}`, { newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('ERR_VALIDATION');

    const reset = await anonymous.post(`/resetpasswords/${admin.email}/${code}`, { newPassword: 'Nueva-clave1' });
    expect(reset.status).toBe(200);

    expect((await env.client().login(admin.email, admin.password)).status).toBe(401);
    expect((await env.client().login(admin.email, 'Nueva-clave1')).status).toBe(200);

    const reused = await anonymous.post(`/resetpasswords/${admin.email}/${code}`, { newPassword: 'Otra-clave2' });
    expect(reused.status).toBe(400);

    owner.cookies.set('jrt', oldCookie);
    expect((await owner.post('/auth/refresh_token')).status).toBe(401);
  });

  it('also accepts the new password in the path, as the spec writes the call', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Ruta');
    await env.client().post(`/forgetpassword/${admin.email}`);
    const code = lastCodeTo(admin.email);
    expect((await env.client().post(`/resetpasswords/${admin.email}/${code}/Camino-clave3`)).status).toBe(200);
    expect((await env.client().login(admin.email, 'Camino-clave3')).status).toBe(200);
  });

  it('stops accepting a code after five wrong guesses', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Adivina');
    await env.client().post(`/forgetpassword/${admin.email}`);
    const code = codeIn(env.lastMailTo(admin.email));
    for (let i = 0; i < 5; i += 1) {
      const guess = String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');
      await env.client().post(`/resetpasswords/${admin.email}/${guess}`, { newPassword: 'Nueva-clave1' });
    }
    const right = await env.client().post(`/resetpasswords/${admin.email}/${code}`, { newPassword: 'Nueva-clave1' });
    expect(right.status).toBe(400);
  });

  it('limits code requests per e-mail and address, per e-mail and per client address, before telling whether the e-mail exists', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Pedidos');
    // A stranger asks from one address: three codes, then refused.
    const stranger = env.client();
    const perPair: number[] = [];
    for (let i = 0; i < 5; i += 1) perPair.push((await stranger.post(`/forgetpassword/${admin.email}`)).status);
    expect(perPair).toEqual([200, 200, 200, 429, 429]);
    // The owner, from their own address, still gets a code.
    expect((await env.client().post(`/forgetpassword/${admin.email}`)).status).toBe(200);
    // The owner heard once that requests were blocked, not once per refused request.
    expect(blockedNotices(admin.email)).toHaveLength(1);
    expect(blockedNotices(admin.email)[0]).toMatch(/puede ignorar este mensaje/);

    // Across addresses the e-mail gets ten codes an hour, then none (and no second notice).
    const perEmail: number[] = [];
    for (let i = 0; i < 7; i += 1) perEmail.push((await env.client().post(`/forgetpassword/${admin.email}`)).status);
    expect(perEmail).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(blockedNotices(admin.email)).toHaveLength(1);

    const unknownFrom = env.client();
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) unknown.push((await unknownFrom.post('/forgetpassword/ghost@example.com')).status);
    expect(unknown).toEqual([404, 404, 404, 429]);

    const oneAddress = env.client('203.0.113.7');
    const perAddress: number[] = [];
    for (let i = 0; i < 11; i += 1) perAddress.push((await oneAddress.post(`/forgetpassword/nobody-${i}@example.com`)).status);
    expect(perAddress).toEqual([...Array<number>(10).fill(404), 429]);
    const answer = await oneAddress.post<{ error: string }>('/forgetpassword/another@example.com');
    expect(answer.body).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  }, 120_000);

  it('accepts none of 500 sequential guesses over 125 code requests, even the right code once the budget is spent', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Secuencial');
    const statuses = new Map<number, number>();
    let codeRequests = 0;
    for (let i = 0; i < 500; i += 1) {
      // A new code every few guesses, each time from a new address: the limits that hold are
      // the e-mail's, not the attacker's address.
      if (i % 4 === 0) {
        codeRequests += 1;
        await env.client().post(`/forgetpassword/${admin.email}`);
      }
      const real = lastCodeTo(admin.email)!;
      // The luckiest attacker: wrong until the e-mail's guesses for the hour are spent, right after.
      const guess = i < 10 ? String((Number(real) + i + 1) % 1_000_000).padStart(6, '0') : real;
      const answer = await env.client().post(`/resetpasswords/${admin.email}/${guess}`, { newPassword: 'Robada-clave1' });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    expect(codeRequests).toBe(125);
    expect(statuses.get(200)).toBeUndefined();
    expect(statuses.get(400)).toBe(10);
    expect(statuses.get(429)).toBe(490);
    expect((await env.client().login(admin.email, admin.password)).status).toBe(200);
    expect((await env.client().login(admin.email, 'Robada-clave1')).status).toBe(401);
  }, 240_000);

  it('accepts none of 1,000 parallel guesses: each guess is spent before the code is compared', async () => {
    const owner = env.client();
    const { admin } = await signUpCompany(owner, 'Paralelo');
    expect((await env.client().post(`/forgetpassword/${admin.email}`)).status).toBe(200);
    const real = codeIn(env.lastMailTo(admin.email))!;
    // All at once, from 1,000 addresses; the right code is in the last hundred sent.
    const guesses = Array.from({ length: 1000 }, (_, i) => (i < 900 ? String((Number(real) + i + 1) % 1_000_000).padStart(6, '0') : real));
    const answers = await Promise.all(
      guesses.map((guess) => env.client().post(`/resetpasswords/${admin.email}/${guess}`, { newPassword: 'Robada-clave1' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect((await env.client().login(admin.email, admin.password)).status).toBe(200);
  }, 240_000);

  it('limits guesses from one client address across e-mails', async () => {
    const attacker = env.client('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await attacker.post(`/resetpasswords/victim-${i}@example.com/123456`, { newPassword: 'Robada-clave1' })).status);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(400), 429]);
  }, 180_000);
});

