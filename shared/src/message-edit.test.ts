import { describe, expect, it } from 'vitest';
import { editOutcome, editRefusal, messageEditWindowMs } from './message-edit.ts';

const sentAt = '2026-12-04T10:00:00.000Z';
const sentMs = Date.parse(sentAt);
const text = { fromMe: true, isDeleted: false, mediaType: null, ack: 1, error: null, createdAt: sentAt };

describe('editRefusal', () => {
  it('lets the business edit its own sent text for 15 minutes, not a millisecond more', () => {
    expect(messageEditWindowMs).toBe(15 * 60 * 1000);
    expect(editRefusal(text, sentMs)).toBeNull();
    expect(editRefusal({ ...text, ack: 3 }, sentMs + messageEditWindowMs)).toBeNull();
    expect(editRefusal(text, sentMs + messageEditWindowMs + 1)).toBe('ERR_MESSAGE_EDIT_EXPIRED');
    expect(editRefusal({ ...text, createdAt: 'not a date' }, sentMs)).toBe('ERR_MESSAGE_EDIT_EXPIRED');
  });

  it("refuses the customer's messages, media, deleted ones and those WhatsApp never took", () => {
    expect(editRefusal({ ...text, fromMe: false }, sentMs)).toBe('ERR_NO_PERMISSION');
    expect(editRefusal({ ...text, mediaType: 'image' }, sentMs)).toBe('ERR_MESSAGE_NOT_EDITABLE');
    expect(editRefusal({ ...text, isDeleted: true }, sentMs)).toBe('ERR_MESSAGE_NOT_EDITABLE');
    expect(editRefusal({ ...text, ack: 0 }, sentMs)).toBe('ERR_MESSAGE_NOT_EDITABLE');
    expect(editRefusal({ ...text, error: 'ERR_SENDING_WAPP_MSG' }, sentMs)).toBe('ERR_MESSAGE_NOT_EDITABLE');
    // The window is checked last: an old customer message is still "not yours".
    expect(editRefusal({ ...text, fromMe: false }, sentMs + 2 * messageEditWindowMs)).toBe('ERR_NO_PERMISSION');
  });
});

describe('editOutcome', () => {
  const current = { body: 'uno', createdAt: sentAt };
  it('keeps the replaced text with the time it was written', () => {
    expect(editOutcome(current, { body: 'dos', at: '2026-12-04T10:01:00.000Z', editId: 'E1' })).toEqual({
      previous: { body: 'uno', at: sentAt },
      body: 'dos',
      editedAt: '2026-12-04T10:01:00.000Z',
      editId: 'E1',
    });
    const edited = { body: 'dos', createdAt: sentAt, editedAt: '2026-12-04T10:01:00.000Z', editIds: ['E1'] };
    expect(editOutcome(edited, { body: 'tres', at: '2026-12-04T10:02:00.000Z', editId: undefined })?.previous).toEqual({
      body: 'dos',
      at: '2026-12-04T10:01:00.000Z',
    });
  });

  it('writes nothing for an edit seen before, the same text, or a deleted message', () => {
    const edited = { body: 'dos', createdAt: sentAt, editIds: ['E1'] };
    expect(editOutcome(edited, { body: 'tres', at: sentAt, editId: 'E1' })).toBeNull();
    expect(editOutcome(edited, { body: 'dos', at: sentAt, editId: 'E2' })).toBeNull();
    expect(editOutcome(edited, { body: 'dos', at: sentAt, editId: undefined })).toBeNull();
    expect(editOutcome({ ...current, isDeleted: true }, { body: 'x', at: sentAt, editId: 'E3' })).toBeNull();
  });
});
