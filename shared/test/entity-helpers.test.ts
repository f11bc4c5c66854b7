import { describe, expect, it } from 'vitest';
import {
  campaignReport,
  campaignSettingsToRows,
  connectionStatusSchema,
  connectionsNeedAttention,
  defaultScheduleSendAt,
  dueDateInputSchema,
  inboundEventSchema,
  invoiceState,
  isAdminProfile,
  isCampaignEditable,
  isLiveEventName,
  listPageSchema,
  liveEvent,
  liveEventNames,
  liveEventSchema,
  mediaTypeOfInbound,
  parseCampaignSettings,
  settingValue,
  ticketSchema,
  ticketTimelineEntrySchema,
} from '../src/index.ts';

const now = new Date('2024-05-10T12:00:00Z');

describe('invoiceState', () => {
  it('is paid when paid, whatever the date', () => {
    expect(invoiceState({ status: 'paid', dueDate: '2020-01-01' }, now)).toBe('paid');
  });

  it('is overdue once the due day has ended in São Paulo', () => {
    expect(invoiceState({ status: 'open', dueDate: '2024-05-09' }, now)).toBe('overdue');
    expect(invoiceState({ status: 'open', dueDate: '2024-05-10' }, now)).toBe('unpaid');
    // 01:00 UTC on the 11th is still the 10th in São Paulo.
    expect(invoiceState({ status: 'open', dueDate: '2024-05-10' }, new Date('2024-05-11T01:00:00Z'))).toBe(
      'unpaid',
    );
  });

  it('compares instants for full date-times', () => {
    expect(invoiceState({ status: 'open', dueDate: '2024-05-10T11:00:00Z' }, now)).toBe('overdue');
    expect(invoiceState({ status: 'open', dueDate: '2024-05-10T13:00:00Z' }, now)).toBe('unpaid');
  });
});

describe('isCampaignEditable', () => {
  it('allows INATIVA and CANCELADA', () => {
    expect(isCampaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(isCampaignEditable({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(true);
  });

  it('allows PROGRAMADA only more than 1 hour ahead', () => {
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: '2024-05-10T13:00:01Z' }, now)).toBe(true);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: '2024-05-10T13:00:00Z' }, now)).toBe(
      false,
    );
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: null }, now)).toBe(false);
  });

  it('refuses running and finished campaigns', () => {
    expect(isCampaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe(false);
    expect(isCampaignEditable({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
});

describe('campaignReport', () => {
  it('counts valid contacts, deliveries and confirmations and computes progress', () => {
    const report = campaignReport({
      contactList: {
        name: 'Clientes',
        contacts: [
          { isWhatsappValid: true },
          { isWhatsappValid: true },
          { isWhatsappValid: true },
          { isWhatsappValid: true },
          { isWhatsappValid: false },
        ],
      },
      shipping: [
        { deliveredAt: '2024-05-10T10:00:00Z', confirmationRequestedAt: '2024-05-10T09:00:00Z' },
        { deliveredAt: null, confirmationRequestedAt: '2024-05-10T09:00:00Z' },
        { deliveredAt: '2024-05-10T10:00:00Z', confirmationRequestedAt: null },
      ],
    });
    expect(report).toEqual({
      validContacts: 4,
      deliveries: 2,
      confirmationRequests: 2,
      confirmations: 1,
      progressPercent: 50,
    });
  });

  it('reports 0 % with no valid contacts', () => {
    expect(campaignReport({ contactList: null, shipping: [] }).progressPercent).toBe(0);
  });
});

describe('campaign settings rows', () => {
  it('parses JSON rows and falls back per key', () => {
    expect(
      parseCampaignSettings([
        { key: 'messageInterval', value: '10' },
        { key: 'greaterInterval', value: '7' },
        { key: 'longerIntervalAfter', value: 'not json' },
        { key: 'variables', value: '[{"key":"loja","value":"Centro"}]' },
      ]),
    ).toEqual({
      messageInterval: 10,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Centro' }],
    });
    expect(parseCampaignSettings([])).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
  });

  it('round-trips through rows', () => {
    const settings = {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 30,
      variables: [{ key: 'a', value: 'b' }],
    };
    expect(parseCampaignSettings(campaignSettingsToRows(settings))).toEqual(settings);
  });
});

describe('connections', () => {
  it('reads lower-case connected as CONNECTED', () => {
    expect(connectionStatusSchema.parse('connected')).toBe('CONNECTED');
    expect(connectionStatusSchema.safeParse('ONLINE').success).toBe(false);
  });

  it('flags qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING', () => {
    expect(connectionsNeedAttention([{ status: 'CONNECTED' }])).toBe(false);
    expect(connectionsNeedAttention([])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(connectionsNeedAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });
});

describe('settings and profiles', () => {
  it('reads a setting or its default', () => {
    expect(settingValue([{ key: 'userRating', value: 'enabled' }], 'userRating')).toBe('enabled');
    expect(settingValue([], 'call')).toBe('enabled');
    expect(settingValue([], 'sendGreetingAccepted')).toBe('disabled');
  });

  it('compares admin case-insensitively', () => {
    expect(isAdminProfile('Admin')).toBe(true);
    expect(isAdminProfile('user')).toBe(false);
    expect(isAdminProfile(undefined)).toBe(false);
  });
});

describe('company due date input', () => {
  it('stores an empty due date as null and checks the rest', () => {
    expect(dueDateInputSchema.parse('')).toBeNull();
    expect(dueDateInputSchema.parse(null)).toBeNull();
    expect(dueDateInputSchema.parse('2024-06-10')).toBe('2024-06-10');
    expect(dueDateInputSchema.safeParse('10/06/2024').success).toBe(false);
  });
});

describe('defaultScheduleSendAt', () => {
  it('is one hour from now', () => {
    expect(defaultScheduleSendAt(now)).toBe('2024-05-10T13:00:00.000Z');
  });
});

describe('inbound WhatsApp events', () => {
  const base = {
    whatsappId: 1,
    companyId: 2,
    chatJid: '5511999998888@s.whatsapp.net',
    isGroup: false,
    timestamp: '2024-05-10T12:00:00Z',
  };

  it('accepts a text message and an image with media', () => {
    expect(
      inboundEventSchema.parse({
        kind: 'message',
        ...base,
        messageId: 'ABC',
        fromMe: false,
        type: 'text',
        body: 'oi',
        pushName: 'Ana',
      }),
    ).toMatchObject({ kind: 'message', body: 'oi' });
    const image = inboundEventSchema.parse({
      kind: 'message',
      ...base,
      messageId: 'DEF',
      fromMe: false,
      type: 'image',
      media: { key: 'media/2/DEF.jpg', mimetype: 'image/jpeg', fileName: null },
      quotedMessageId: 'ABC',
    });
    expect(image).toMatchObject({ body: '', quotedMessageId: 'ABC' });
  });

  it('accepts acks, edits, revokes and calls', () => {
    expect(inboundEventSchema.safeParse({ kind: 'ack', ...base, messageId: 'ABC', ack: 3 }).success).toBe(
      true,
    );
    expect(inboundEventSchema.safeParse({ kind: 'ack', ...base, messageId: 'ABC', ack: 6 }).success).toBe(
      false,
    );
    expect(
      inboundEventSchema.safeParse({ kind: 'edit', ...base, messageId: 'ABC', body: 'novo' }).success,
    ).toBe(true);
    expect(inboundEventSchema.safeParse({ kind: 'revoke', ...base, messageId: 'ABC' }).success).toBe(true);
    expect(
      inboundEventSchema.safeParse({
        kind: 'call',
        ...base,
        callId: 'C1',
        from: base.chatJid,
        status: 'offer',
      }).success,
    ).toBe(true);
  });

  it('refuses unknown kinds and missing ids', () => {
    expect(inboundEventSchema.safeParse({ kind: 'presence', ...base }).success).toBe(false);
    expect(
      inboundEventSchema.safeParse({ kind: 'message', ...base, fromMe: false, type: 'text' }).success,
    ).toBe(false);
  });

  it('maps inbound types to stored media types', () => {
    expect(mediaTypeOfInbound('text')).toBeNull();
    expect(mediaTypeOfInbound('sticker')).toBe('image');
    expect(mediaTypeOfInbound('document')).toBe('application');
    expect(mediaTypeOfInbound('location')).toBe('locationMessage');
    expect(mediaTypeOfInbound('vcard')).toBe('vcard');
  });
});

describe('ticket timeline', () => {
  it('records a transfer with who, when, from and to', () => {
    const entry = ticketTimelineEntrySchema.parse({
      type: 'transfer',
      id: 't1',
      ticketId: 9,
      companyId: 2,
      userId: 3,
      at: '2024-05-10T12:00:00Z',
      from: { status: 'open', userId: 3, queueId: 1, whatsappId: 1 },
      to: { status: 'pending', userId: null, queueId: 2, whatsappId: 1 },
    });
    expect(entry.type).toBe('transfer');
  });

  it('records a rating of 1 to 3 only', () => {
    const rating = {
      type: 'rating',
      id: 'r1',
      ticketId: 9,
      companyId: 2,
      userId: null,
      at: '2024-05-10T12:00:00Z',
      ratedUserId: 3,
    };
    expect(ticketTimelineEntrySchema.safeParse({ ...rating, rating: 3 }).success).toBe(true);
    expect(ticketTimelineEntrySchema.safeParse({ ...rating, rating: 4 }).success).toBe(false);
  });
});

describe('live events', () => {
  it('lists the event names', () => {
    expect(liveEventNames).toContain('ticket');
    expect(liveEventNames).toContain('queue-integration');
    expect(liveEventNames).toContain('ContactListItem');
    expect(liveEventNames).toContain('webhook');
    expect(liveEventNames).toHaveLength(22);
    expect(isLiveEventName('appMessage')).toBe(true);
    expect(isLiveEventName('nope')).toBe(false);
  });

  it('builds and checks the envelope', () => {
    const frame = liveEvent('tag', { action: 'create', tag: { id: 1 } });
    expect(liveEventSchema.parse(frame)).toEqual({
      event: 'tag',
      data: { action: 'create', tag: { id: 1 } },
    });
    expect(liveEventSchema.safeParse({ data: 1 }).success).toBe(false);
  });
});

describe('list pages and tickets', () => {
  it('types a paged answer under its own key', () => {
    const page = listPageSchema('tickets', ticketSchema).parse({
      hasMore: false,
      tickets: [
        {
          id: 1,
          uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
          status: 'open',
          userId: 2,
          queueId: null,
          contactId: 3,
          whatsappId: 1,
          updatedAt: '2024-05-10T12:00:00Z',
        },
      ],
    });
    expect(page.tickets[0]).toMatchObject({ tags: [], unreadMessages: 0, chatbot: false });
    expect(
      listPageSchema('tickets', ticketSchema).safeParse({ hasMore: false, tickets: [{ id: 1, uuid: 'x' }] })
        .success,
    ).toBe(false);
  });
});
