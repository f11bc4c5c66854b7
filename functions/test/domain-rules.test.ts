import { describe, expect, it } from 'vitest';
import { companyIsBlocked, nameKey, signupTerms } from '../src/domain/company-rules.ts';
import { loginDecision, loginThrottle } from '../src/domain/login-throttle.ts';
import { matchesSearch, pageOf } from '../src/domain/paging.ts';
import {
  decodeRefreshToken,
  encodeRefreshToken,
  hashSecret,
  matchRefresh,
  newRefreshToken,
  refreshGraceSeconds,
} from '../src/domain/refresh-token.ts';
import { hashResetCode, newResetCode, resetCodeMatches } from '../src/domain/reset-code.ts';
import { assertMayEditUser, changedFields } from '../src/domain/user-rules.ts';
import type { Principal } from '../src/auth/principal.ts';

describe('login throttle', () => {
  it('lets the first failures through at once, then slows down, then refuses', () => {
    expect(loginDecision(0)).toEqual({ refuse: false, delayMs: 0 });
    expect(loginDecision(loginThrottle.slowAfter - 1)).toEqual({ refuse: false, delayMs: 0 });
    expect(loginDecision(loginThrottle.slowAfter)).toEqual({ refuse: false, delayMs: 250 });
    expect(loginDecision(loginThrottle.slowAfter + 1).delayMs).toBe(500);
    expect(loginDecision(loginThrottle.refuseAfter - 1).delayMs).toBe(loginThrottle.maxDelayMs);
    expect(loginDecision(loginThrottle.refuseAfter)).toEqual({ refuse: true, delayMs: 0 });
  });
});

describe('refresh tokens', () => {
  const token = newRefreshToken(4, 9, 'session-a');
  const session = { sessionId: 'session-a', refreshHash: hashSecret(token.secret), rotatedAt: 1000 };

  it('round-trips through the cookie value and rejects malformed ones', () => {
    expect(decodeRefreshToken(encodeRefreshToken(token))).toEqual(token);
    for (const bad of [undefined, '', 'a.b.c', '1.2.s', 'x.2.s.secret', '1.2.s.secret.extra']) {
      expect(decodeRefreshToken(bad)).toBeUndefined();
    }
  });

  it('matches the current secret, a just-replaced one for a grace period, calls it reuse after, and nothing else', () => {
    expect(matchRefresh(session, token, 1000)).toBe('current');
    const rotated = { ...session, refreshHash: 'other', previousHash: session.refreshHash };
    expect(matchRefresh(rotated, token, 1000 + refreshGraceSeconds)).toBe('previous');
    // After the grace, the replaced secret coming back is reuse (the caller revokes the session).
    expect(matchRefresh(rotated, token, 1001 + refreshGraceSeconds)).toBe('reused');
    expect(matchRefresh({ ...session, sessionId: 'session-b' }, token, 1000)).toBe('none');
    expect(matchRefresh(session, { ...token, secret: 'guess' }, 1000)).toBe('none');
  });
});

describe('companies', () => {
  it('compares names without case, accents or extra spaces', () => {
    expect(nameKey('  Panadería  Núñez ')).toBe(nameKey('panaderia nunez'));
  });

  it('gives a sign-up a monthly 3-day trial in the company time zone', () => {
    const terms = signupTerms(new Date('2026-03-10T02:00:00Z'), 'America/Sao_Paulo');
    // 02:00 UTC is still 9 March in São Paulo: the trial ends on the 12th there.
    expect(terms).toEqual({ recurrence: 'MENSUAL', status: true, campaignsEnabled: true, dueDate: '2026-03-12', trialExpiration: '2026-03-12' });
  });

  it('blocks a company that is off or past its due date in its own time zone', () => {
    const now = new Date('2026-03-10T02:00:00Z');
    expect(companyIsBlocked({ status: false, dueDate: '2099-01-01' }, now)).toBe(true);
    expect(companyIsBlocked({ status: true, dueDate: '2026-03-09', timezone: 'America/Sao_Paulo' }, now)).toBe(false);
    expect(companyIsBlocked({ status: true, dueDate: '2026-03-09', timezone: 'UTC' }, now)).toBe(true);
    expect(companyIsBlocked({ status: true }, now)).toBe(false);
  });
});

describe('user rules', () => {
  const agent: Principal = { userId: 5, companyId: 2, profile: 'user', isSuper: false, sessionId: 's' };

  it('lets a user change their own name, e-mail and password only', () => {
    expect(() => assertMayEditUser(agent, { id: 5 }, ['name', 'email', 'password'])).not.toThrow();
    expect(() => assertMayEditUser(agent, { id: 5 }, ['profile'])).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayEditUser(agent, { id: 6 }, ['name'])).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayEditUser({ ...agent, profile: 'admin' }, { id: 6 }, ['profile'])).not.toThrow();
  });

  it('counts only fields whose value really changes, and a password always', () => {
    const current = { name: 'Ana', profile: 'user', queueIds: [1, 2] };
    expect(changedFields(current, { name: 'Ana', profile: 'user', queueIds: [1, 2] })).toEqual([]);
    expect(changedFields(current, { name: "Ana", queueIds: [2], password: "x" })).toEqual(["queueIds", "password"]);
  });
});

describe('reset codes', () => {
  it('are six digits and match only themselves', () => {
    const code = newResetCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(resetCodeMatches(hashResetCode(code), code)).toBe(true);
    expect(resetCodeMatches(hashResetCode(code), ` ${code} `)).toBe(true);
    expect(resetCodeMatches(hashResetCode(code), code === '000000' ? '000001' : '000000')).toBe(false);
  });
});

describe('paging and search', () => {
  it('pages a list and says whether more follows', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], count: 5, hasMore: true });
    expect(pageOf([1, 2, 3, 4, 5], 3, 2)).toEqual({ items: [5], count: 5, hasMore: false });
  });

  it('matches searches without case or accents', () => {
    expect(matchesSearch('jose', 'José Núñez')).toBe(true);
    expect(matchesSearch('', 'anything')).toBe(true);
    expect(matchesSearch('maria', 'José', undefined, 'maría@example.com')).toBe(true);
    expect(matchesSearch('pedro', 'José')).toBe(false);
  });
});
