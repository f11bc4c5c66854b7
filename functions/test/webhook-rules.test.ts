import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  afterFailedAttempt,
  isDelivered,
  newWebhookSecret,
  retryDelaySeconds,
  secretHint,
  signWebhook,
  verifyWebhookSignature,
  webhookDeliveryId,
  webhookEventId,
  webhookEventsOf,
  webhookDisabledMail,
} from '#domain/webhook-rules';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"event":"message.created","companyId":3}';

  it('is HMAC-SHA256 over "<timestamp>.<body>", hex, prefixed sha256=', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook(secret, 1_700_000_000, body)).toBe(`sha256=${expected}`);
  });

  it('verifies only the same secret, timestamp and body', () => {
    const signature = signWebhook(secret, 1_700_000_000, body);
    expect(verifyWebhookSignature(secret, 1_700_000_000, body, signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', 1_700_000_000, body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, 1_700_000_001, body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, 1_700_000_000, `${body} `, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, 1_700_000_000, body, 'sha256=00')).toBe(false);
  });

  it('makes distinct secrets and shows only their last characters', () => {
    const one = newWebhookSecret();
    expect(one).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(one);
    expect(secretHint(one)).toBe(`whsec_…${one.slice(-4)}`);
    expect(secretHint(one)).not.toContain(one.slice(6, 20));
  });
});

describe('webhook events of a change', () => {
  const ticket = { companyId: 1, id: 5, status: 'pending' };
  it('names created, updated and status changes of tickets and messages', () => {
    expect(
      webhookEventsOf({ entity: 'ticket', kind: 'create', newItem: ticket, oldItem: undefined }),
    ).toEqual(['ticket.created']);
    expect(
      webhookEventsOf({
        entity: 'ticket',
        kind: 'update',
        newItem: { ...ticket, lastMessage: 'x' },
        oldItem: ticket,
      }),
    ).toEqual(['ticket.updated']);
    expect(
      webhookEventsOf({
        entity: 'ticket',
        kind: 'update',
        newItem: { ...ticket, status: 'open' },
        oldItem: ticket,
      }),
    ).toEqual(['ticket.updated', 'ticket.status_changed']);
    const message = { companyId: 1, id: 'M1', ack: 1 };
    expect(
      webhookEventsOf({ entity: 'message', kind: 'create', newItem: message, oldItem: undefined }),
    ).toEqual(['message.created']);
    expect(
      webhookEventsOf({
        entity: 'message',
        kind: 'update',
        newItem: { ...message, ack: 3 },
        oldItem: message,
      }),
    ).toEqual(['message.updated', 'message.status_changed']);
  });

  it("is no event when only the connector's send claim changed", () => {
    const message = { companyId: 1, id: 'M1', ack: 0, body: 'hola' };
    const claimed = { ...message, sendClaimUntil: 1_700_000_045_000 };
    expect(webhookEventsOf({ entity: 'message', kind: 'update', newItem: claimed, oldItem: message })).toEqual([]);
    // The claim goes when the send is recorded: that update is news (the ack moved).
    expect(
      webhookEventsOf({ entity: 'message', kind: 'update', newItem: { ...message, ack: 1 }, oldItem: claimed }),
    ).toEqual(['message.updated', 'message.status_changed']);
  });

  it('ignores deletions and other entities', () => {
    expect(
      webhookEventsOf({ entity: 'ticket', kind: 'delete', newItem: undefined, oldItem: ticket }),
    ).toEqual([]);
    expect(
      webhookEventsOf({
        entity: 'webhookDelivery',
        kind: 'create',
        newItem: { companyId: 1 },
        oldItem: undefined,
      }),
    ).toEqual([]);
    expect(
      webhookEventsOf({
        entity: 'contact',
        kind: 'update',
        newItem: { companyId: 1 },
        oldItem: { companyId: 1 },
      }),
    ).toEqual([]);
  });
});

describe('webhook ids and retries', () => {
  it('derives the same event and delivery ids from the same stream record', () => {
    expect(webhookEventId('rec-1', 'ticket.created')).toBe(webhookEventId('rec-1', 'ticket.created'));
    expect(webhookEventId('rec-1', 'ticket.created')).not.toBe(webhookEventId('rec-1', 'ticket.updated'));
    expect(webhookEventId('rec-1', 'ticket.created')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(webhookDeliveryId(1_700_000_000_000, 'rec-1|w1')).toBe(
      webhookDeliveryId(1_700_000_000_000, 'rec-1|w1'),
    );
    expect(webhookDeliveryId(1_700_000_000_000)).not.toBe(webhookDeliveryId(1_700_000_000_000));
  });

  it('sorts delivery ids by time', () => {
    const ids = [3, 1, 2].map((n) => webhookDeliveryId(1_700_000_000_000 + n * 1000, `r${n}`));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
    expect(ids[0]).toMatch(/^[0-9a-z]{9}-[0-9a-f]{12}$/);
  });

  it('waits twice as long after each failed attempt, at most 15 minutes, and stops after the last', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelaySeconds(attempt, 30, 5))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(5, 30, 5)).toBeUndefined();
    expect(retryDelaySeconds(9, 300, 12)).toBe(900);
  });

  it('counts only 2xx as delivered (redirects are not followed)', () => {
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([301, 302, 400, 410, 500, 503].some(isDelivered)).toBe(false);
  });
});

describe('a webhook failing for days', () => {
  const since = '2026-12-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('starts a streak on the first failure (none recorded, or unreadable)', () => {
    expect(afterFailedAttempt(undefined, at('2026-12-01T10:00:00Z'))).toBe('startStreak');
    expect(afterFailedAttempt('', at('2026-12-01T10:00:00Z'))).toBe('startStreak');
    expect(afterFailedAttempt('not a date', at('2026-12-01T10:00:00Z'))).toBe('startStreak');
  });

  it('keeps failing webhooks enabled until three days after the streak began, then disables', () => {
    expect(afterFailedAttempt(since, at('2026-12-01T10:00:01Z'))).toBe('keep');
    expect(afterFailedAttempt(since, at('2026-12-04T09:59:59.999Z'))).toBe('keep');
    expect(afterFailedAttempt(since, at('2026-12-04T10:00:00Z'))).toBe('disable');
    expect(afterFailedAttempt(since, at('2026-12-20T00:00:00Z'))).toBe('disable');
    // The number of days is the rule's parameter.
    expect(afterFailedAttempt(since, at('2026-12-02T10:00:00Z'), 1)).toBe('disable');
    expect(afterFailedAttempt(since, at('2026-12-02T10:00:00Z'), 2)).toBe('keep');
  });

  it('mails the webhook by name and id, never its URL', () => {
    const mail = webhookDisabledMail({ id: 7, name: 'CRM' });
    expect(mail.subject).toBe('Webhook desactivado: CRM');
    expect(mail.text).toContain('"CRM" (#7)');
    expect(mail.text).toContain('3 días seguidos');
    expect(webhookDisabledMail({ id: 8, name: '' }).subject).toBe('Webhook desactivado: #8');
    expect(JSON.stringify(mail)).not.toMatch(/https?:/);
  });
});
