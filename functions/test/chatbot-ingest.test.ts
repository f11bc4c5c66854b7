import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutomationWrite } from '../src/data/ticket-automation.ts';
import type { TicketRecord } from '../src/data/tickets.ts';
import type { AutomationContext } from '../src/domain/chatbot/automation-plan.ts';
import type * as SystemMessage from '../src/modules/messages/system-message.ts';
import type * as TicketTimers from '../src/modules/timers/ticket-timers.ts';

/**
 * The automation step of an inbound message, with storage and sending replaced: when it runs,
 * what it writes, and that a redelivery never answers twice (docs/chatbot.md, "exactly once").
 */

const tickets = vi.hoisted(() => ({ current: [] as unknown[] }));
const writes = vi.hoisted(() => ({ results: [] as string[], calls: [] as unknown[] }));

vi.mock('#data/tickets', () => ({ getTicket: vi.fn(async () => tickets.current.shift()) }));
vi.mock('#data/ticket-automation', () => ({
  writeAutomation: vi.fn(async (_ticket: unknown, write: unknown) => {
    writes.calls.push(write);
    return writes.results.shift() ?? 'written';
  }),
}));
vi.mock('../src/modules/messages/system-message.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SystemMessage>()),
  dispatchSystemMessages: vi.fn(async () => undefined),
  resendUnsent: vi.fn(async () => 0),
}));
vi.mock('../src/modules/timers/automation-context.ts', () => ({
  loadBotData: vi.fn(async () => ({ queues: [{ id: 1, name: 'Ventas' }, { id: 2, name: 'Soporte' }], options: () => [] })),
}));
vi.mock('../src/modules/timers/ticket-timers.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TicketTimers>()),
  applyTimerSchedules: vi.fn(async () => undefined),
  applyTimerCancels: vi.fn(async () => undefined),
}));

const { replyIds, runInboundAutomation } = await import('../src/modules/ingest/automation.ts');
const messages = await import('../src/modules/messages/system-message.ts');

const context: AutomationContext = {
  settings: { scheduleType: 'disabled', sendGreetingMessageOneQueues: false, userRating: false, sendGreetingAccepted: false, sendMsgTransfTicket: false },
  connection: { greetingMessage: 'Elija:', queueIds: [1, 2], maxUseBotQueues: 3 },
  companyHours: [],
  timeZone: 'America/Sao_Paulo',
};
const contact = { companyId: 1, id: 5, name: 'Ana', number: '5511999990001', isGroup: false } as never;
const cause = { companyId: 1, messageId: 'IN-1', text: 'hola', timestamp: '2024-05-06T15:00:00.000Z' };
const menu = 'Elija:\n\n*1* - Ventas\n*2* - Soporte';

function ticket(fields: Partial<TicketRecord>): TicketRecord {
  return { companyId: 1, id: 9, uuid: 'u', status: 'pending', contactId: 5, whatsappId: 3, ...fields } as TicketRecord;
}

beforeEach(() => {
  tickets.current = [];
  writes.results = [];
  writes.calls = [];
  vi.mocked(messages.dispatchSystemMessages).mockClear();
  vi.mocked(messages.resendUnsent).mockClear();
});

describe('the automation step of an inbound message', () => {
  it('answers a stored message once, clearing its mark in the same write, with ids derived from it', async () => {
    tickets.current = [ticket({ botPendingId: 'IN-1' })];
    await runInboundAutomation(9, cause, contact, context, 'stored');
    const write = writes.calls[0] as AutomationWrite;
    expect(write.pendingId).toBe('IN-1');
    expect(write.values).toMatchObject({ chatbot: true, botStage: 'menu', botUses: 1 });
    expect(write.messages!.map((m) => [m.id, m.body])).toEqual([[replyIds(cause)(0), menu]]);
    expect(write.messages![0]!.createdAt > cause.timestamp).toBe(true);
    expect(messages.dispatchSystemMessages).toHaveBeenCalledTimes(1);
  });

  it('runs the step of a redelivered message whose step never ran (stopped after storing), with the same ids', async () => {
    tickets.current = [ticket({ botPendingId: 'IN-1' })];
    await runInboundAutomation(9, cause, contact, context, 'duplicate');
    const write = writes.calls[0] as AutomationWrite;
    expect(write.messages!.map((m) => m.id)).toEqual([replyIds(cause)(0)]);
    expect(messages.resendUnsent).not.toHaveBeenCalled();
  });

  it('only re-sends unsent replies of a redelivered message whose step already ran', async () => {
    tickets.current = [ticket({ botStage: 'menu', botUses: 1, chatbot: true })];
    await runInboundAutomation(9, cause, contact, context, 'duplicate');
    expect(writes.calls).toEqual([]);
    expect(messages.resendUnsent).toHaveBeenCalledTimes(1);
    const ids = vi.mocked(messages.resendUnsent).mock.calls[0]![2];
    expect(ids(0)).toBe(replyIds(cause)(0));
    expect(messages.dispatchSystemMessages).not.toHaveBeenCalled();
  });

  it('does nothing for a stored message without a mark (another step took it)', async () => {
    tickets.current = [ticket({})];
    await runInboundAutomation(9, cause, contact, context, 'stored');
    expect(writes.calls).toEqual([]);
    expect(messages.resendUnsent).not.toHaveBeenCalled();
  });

  it('decides again after losing to an agent: accepted meanwhile, the bot stays quiet', async () => {
    tickets.current = [ticket({ botPendingId: 'IN-1' }), ticket({ botPendingId: 'IN-1', status: 'open', userId: 4 })];
    writes.results = ['conflict', 'written'];
    await runInboundAutomation(9, cause, contact, context, 'stored');
    expect(writes.calls).toHaveLength(2);
    const second = writes.calls[1] as AutomationWrite;
    expect(second.messages).toEqual([]);
    expect(second.pendingId).toBe('IN-1');
    expect(vi.mocked(messages.dispatchSystemMessages).mock.calls[0]![2]).toEqual([]);
  });

  it('decides from the ticket as the store left it, and reads it only after losing to an agent', async () => {
    const ticketData = await import('#data/tickets');
    vi.mocked(ticketData.getTicket).mockClear();
    tickets.current = [ticket({ botPendingId: 'IN-1', status: 'open', userId: 4 })];
    writes.results = ['conflict', 'written'];
    await runInboundAutomation(9, cause, contact, context, 'stored', ticket({ botPendingId: 'IN-1' }));
    expect(vi.mocked(ticketData.getTicket)).toHaveBeenCalledTimes(1);
    expect((writes.calls[0] as AutomationWrite).messages!.map((m) => m.body)).toEqual([menu]);
    expect((writes.calls[1] as AutomationWrite).messages).toEqual([]);
  });

  it('derives reply ids per company and message, shaped like WhatsApp ids', () => {
    const id = replyIds(cause)(0);
    expect(id).toMatch(/^3EB0[0-9A-F]{20}$/);
    expect(replyIds(cause)(1)).not.toBe(id);
    expect(replyIds({ ...cause, companyId: 2 })(0)).not.toBe(id);
    expect(replyIds(cause)(0)).toBe(id);
  });
});
