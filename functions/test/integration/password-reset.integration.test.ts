import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany, startTestRuntime } from './support/runtime.ts';

let env: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

const codeIn = (mail: string | undefined) => /código de verificación es: (\d{6})/i.exec(mail ?? '')?.[1];

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
    const code = codeIn(env.lastMailTo(admin.email));
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
});
