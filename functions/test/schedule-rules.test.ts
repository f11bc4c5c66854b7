import { describe, expect, it } from 'vitest';
import { scheduleCreateInputSchema } from '@atende/shared/entities/schedule';
import { AppError } from '../src/domain/app-error.ts';
import {
  assertScheduleEditable,
  assertScheduleImage,
  failureReasonOf,
  fireVerdict,
  scheduleLimitOf,
  scheduleMessageKey,
  scheduleTimerName,
  sendResultOf,
} from '../src/domain/schedule-rules.ts';
import { derivedMessageId } from '../src/modules/messages/send-outbound.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const due = '2026-03-01T11:59:00.000Z';
const later = '2026-03-01T13:00:00.000Z';

describe('a fired schedule timer', () => {
  it('sends a pending schedule at the send time it was set for', () => {
    expect(fireVerdict({ sendAt: due }, { status: 'PENDENTE', sendAt: due }, now)).toBe('send');
  });

  it('moves itself when the schedule was moved later, and sends a due one whose own timer was replaced', () => {
    expect(fireVerdict({ sendAt: due }, { status: 'PENDENTE', sendAt: later }, now)).toBe('reschedule');
    expect(fireVerdict({ sendAt: later }, { status: 'PENDENTE', sendAt: due }, now)).toBe('send');
  });

  it('does nothing for a schedule that is gone, sent or failed', () => {
    expect(fireVerdict({ sendAt: due }, undefined, now)).toBe('stale');
    expect(fireVerdict({ sendAt: due }, { status: 'ENVIADA', sendAt: due }, now)).toBe('stale');
    expect(fireVerdict({ sendAt: due }, { status: 'ERRO', sendAt: due }, now)).toBe('stale');
  });
});

describe('schedule rules', () => {
  it('refuses to edit a sent schedule, or one handed to WhatsApp and waiting for its result', () => {
    expect(() => assertScheduleEditable({ status: 'ENVIADA', sendAt: due })).toThrow(
      new AppError('ERR_SCHEDULE_ALREADY_SENT'),
    );
    expect(() => assertScheduleEditable({ status: 'AGENDADA', sendAt: due })).toThrow(
      new AppError('ERR_SCHEDULE_ALREADY_SENT'),
    );
    expect(() => assertScheduleEditable({ status: 'PENDENTE', sendAt: due })).not.toThrow();
    expect(() => assertScheduleEditable({ status: 'ERRO', sendAt: due })).not.toThrow();
  });

  it("reads the send result from the schedule's message: its error, else its ack, else nothing yet", () => {
    const created = '2026-03-01T12:00:00.000Z';
    const answered = '2026-03-01T12:00:03.000Z';
    expect(sendResultOf({ ack: 0, createdAt: created })).toBeUndefined();
    expect(sendResultOf({ ack: 1, createdAt: created, updatedAt: answered })).toEqual({
      status: 'ENVIADA',
      sentAt: answered,
    });
    expect(sendResultOf({ ack: 3, createdAt: created })).toEqual({ status: 'ENVIADA', sentAt: created });
    expect(
      sendResultOf({ ack: 0, error: 'ERR_SENDING_WAPP_MSG', createdAt: created, updatedAt: answered }),
    ).toEqual({
      status: 'ERRO',
      errorReason: 'ERR_SENDING_WAPP_MSG',
    });
  });

  it('takes png and jpeg images only', () => {
    expect(() => assertScheduleImage('image/png')).not.toThrow();
    expect(() => assertScheduleImage('image/jpeg')).not.toThrow();
    for (const type of ['image/gif', 'image/webp', 'application/pdf', 'text/plain'])
      expect(() => assertScheduleImage(type), type).toThrow(new AppError('ERR_UNSUPPORTED_MEDIA_TYPE'));
  });

  it('derives one WhatsApp-shaped message id per schedule and send time', () => {
    const id = derivedMessageId(scheduleMessageKey(4, 9, due));
    expect(id).toMatch(/^3EB0[0-9A-F]{20}$/);
    expect(derivedMessageId(scheduleMessageKey(4, 9, due))).toBe(id);
    expect(derivedMessageId(scheduleMessageKey(4, 9, later))).not.toBe(id);
    expect(derivedMessageId(scheduleMessageKey(5, 9, due))).not.toBe(id);
  });

  it('names the timer after the company and the schedule, within the scheduler rule', () => {
    const name = scheduleTimerName(123456, 987654321);
    expect(name).toBe('c123456-schedule-987654321');
    expect(name).toMatch(/^[0-9a-zA-Z\-_.]{1,64}$/);
  });

  it('reads the plan limit, none when unset', () => {
    expect(scheduleLimitOf({ schedules: 3 })).toBe(3);
    expect(scheduleLimitOf({ schedules: null })).toBeNull();
    expect(scheduleLimitOf({})).toBeNull();
    expect(scheduleLimitOf(undefined)).toBeNull();
  });

  it('records a business failure by its code, anything else as a sending error', () => {
    expect(failureReasonOf(new AppError('ERR_NO_DEF_WAPP_FOUND'))).toBe('ERR_NO_DEF_WAPP_FOUND');
    expect(failureReasonOf(new Error('socket hang up'))).toBe('ERR_SENDING_WAPP_MSG');
  });

  it('validates a new schedule as core §5 says', () => {
    const short = scheduleCreateInputSchema.safeParse({ body: 'hola', contactId: 1, sendAt: later });
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.message)).toContain('Mensaje muy corto');
    const missing = scheduleCreateInputSchema.safeParse({ body: 'hola mundo' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['contactId', 'Obligatorio'],
        ['sendAt', 'Obligatorio'],
      ]),
    );
    expect(
      scheduleCreateInputSchema.safeParse({ body: 'hola mundo', contactId: 1, sendAt: later }).success,
    ).toBe(true);
  });
});
