import { describe, expect, it } from 'vitest';
import { clientAddress } from '#domain/client-address';
import { loginDecision, loginLimits } from '#domain/login-throttle';
import { carriedOver, rateLimits, rateWindow } from '#domain/rate-limits';
import { resetCodeRules } from '#domain/reset-code';

describe('rate windows', () => {
  const hourly = rateLimits.resetGuessesPerEmail;

  it('numbers windows and keeps each counter through the next window', () => {
    expect(rateWindow(hourly, 7200)).toEqual({ index: 2, startsAt: 7200, keepUntil: 7200 + 7200 });
    expect(rateWindow(hourly, 10_799).index).toBe(2);
  });

  it('carries the whole previous count over at the boundary, none at the end of the window', () => {
    expect(carriedOver(hourly, 10, 7200)).toBe(10);
    expect(carriedOver(hourly, 10, 7200 + 300)).toBe(10);
    expect(carriedOver(hourly, 10, 7200 + 1800)).toBe(5);
    expect(carriedOver(hourly, 10, 7200 + 3599)).toBe(1);
    expect(carriedOver(hourly, 0, 7200)).toBe(0);
  });
});

describe('account limits', () => {
  it('keeps reset codes short-lived with few guesses each and across codes', () => {
    expect(resetCodeRules.lifetimeSeconds).toBeLessThanOrEqual(15 * 60);
    expect(resetCodeRules.maxGuesses).toBeLessThanOrEqual(5);
    expect(rateLimits.resetGuessesPerEmail.limit).toBeLessThanOrEqual(10);
    // One address asks few codes for one e-mail; all addresses together, a bounded number a mailbox gets.
    expect(rateLimits.resetCodesPerEmailAndAddress.limit).toBeLessThanOrEqual(3);
    expect(rateLimits.resetCodesPerEmail.limit).toBeLessThanOrEqual(10);
    expect(rateLimits.resetCodesPerEmail.limit).toBeGreaterThan(
      rateLimits.resetCodesPerEmailAndAddress.limit,
    );
    expect(rateLimits.resetBlockedNotices.limit).toBe(1);
    expect(rateLimits.signupsPerAddress.limit).toBeLessThanOrEqual(5);
  });

  it('slows a pair down, then refuses it, at its own limit', () => {
    expect(loginDecision(0)).toEqual({ refuse: false, delayMs: 0 });
    expect(loginDecision(3).delayMs).toBe(250);
    expect(loginDecision(9).delayMs).toBe(4000);
    expect(loginDecision(loginLimits.perEmailAndAddress.limit)).toEqual({ refuse: true, delayMs: 0 });
  });
});

describe('client address', () => {
  it("uses the connection's address unless the deployment names a header", () => {
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.1:443' }, '10.0.0.1', undefined)).toBe(
      '10.0.0.1',
    );
    expect(clientAddress({}, '::ffff:10.0.0.1', undefined)).toBe('10.0.0.1');
  });

  it("reads CloudFront's viewer address without the port, whatever the header's case", () => {
    const header = 'CloudFront-Viewer-Address';
    expect(clientAddress({ 'CloudFront-Viewer-Address': '198.51.100.1:51234' }, '10.0.0.1', header)).toBe(
      '198.51.100.1',
    );
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.1:1' }, '10.0.0.1', header)).toBe(
      '198.51.100.1',
    );
    expect(clientAddress({}, '10.0.0.1', header)).toBe('10.0.0.1');
  });

  it("reads the distribution's viewer-address header, a bare address (no port to cut from IPv6)", () => {
    const header = 'x-atende-viewer-address';
    expect(clientAddress({ [header]: '198.51.100.7' }, '10.0.0.1', header)).toBe('198.51.100.7');
    expect(clientAddress({ [header]: '2001:db8:9:8::1' }, '10.0.0.1', header)).toBe('2001:db8:9:8::/64');
    expect(clientAddress({ [header]: '2001:db8:9:8:1:2:3:4' }, '10.0.0.1', header)).toBe('2001:db8:9:8::/64');
  });

  it('counts IPv6 clients by their /64, so one client cannot rotate through its own addresses', () => {
    const header = 'cloudfront-viewer-address';
    const a = clientAddress({ [header]: '2001:db8:1:2:aaaa::1:443' }, '', header);
    const b = clientAddress({ [header]: '2001:db8:1:2:bbbb::9:8080' }, '', header);
    expect(a).toBe('2001:db8:1:2::/64');
    expect(b).toBe(a);
    expect(clientAddress({ [header]: '[2001:db8:1:3::1]:443' }, '', header)).toBe('2001:db8:1:3::/64');
  });
});
