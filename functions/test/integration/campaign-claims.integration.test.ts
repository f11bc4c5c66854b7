import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DataCampaigns from '#data/campaigns';
import type * as DataContacts from '#data/contacts';
import type * as DataMessages from '#data/messages';
import type * as DataTicketContact from '#data/ticket-contact';
import type * as DataTickets from '#data/tickets';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';

/**
 * Issue #26, campaigns sending faster: a send step claims several consecutive recipients in one
 * transaction (claimSends, all or nothing, fenced on the run and its cursor), and the recipients'
 * stores (a new ticket, the message) carry a check of the run, so once a cancel is written nothing
 * claimed is stored any more (docs/decisions.md, "Campaigns: a batch of claims, guarded stores").
 */

let env: TestRuntime;
// Imported after the runtime started: the data layer names its table when first imported.
let campaigns: typeof DataCampaigns;
let contacts: typeof DataContacts;
let messages: typeof DataMessages;
let tickets: typeof DataTickets;
let ticketContact: typeof DataTicketContact;
beforeAll(async () => {
  env = await startTestRuntime();
  campaigns = await import('#data/campaigns');
  contacts = await import('#data/contacts');
  messages = await import('#data/messages');
  tickets = await import('#data/tickets');
  ticketContact = await import('#data/ticket-contact');
});
afterAll(async () => env?.stop());

const whatsappId = 1;

/** A running campaign (run `runId`) with `count` prepared entries, made through the data layer alone. */
async function runningCampaign(label: string, runId: string, count: number) {
  const admin = env.client();
  const { companyId } = await signUpCompany(admin, label);
  const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
  const campaign = await campaigns.createCampaign(
    companyId,
    { name: label, status: 'PROGRAMADA', scheduledAt, whatsappId, message1: 'Hola' },
    null,
  );
  expect(await campaigns.startRun(companyId, campaign.id, { status: 'PROGRAMADA', scheduledAt }, { runId, fresh: true })).toBe(true);
  const numbers = Array.from({ length: count }, (_, i) => `55119${String(Date.now() % 100_000).padStart(5, '0')}${i}`);
  await campaigns.putShippingEntries(
    numbers.map((number, position) => ({
      companyId,
      campaignId: campaign.id,
      position,
      listItemId: position + 1,
      name: `Cliente ${position}`,
      number,
      email: '',
      slot: 1,
      gapAfter: 0,
    })),
  );
  expect(
    await campaigns.recordPrepared(companyId, campaign.id, { runId, from: 0, to: count, cursor: null, done: true }),
  ).toBe(true);
  return { companyId, campaignId: campaign.id, numbers };
}

const claimOf = (numbers: string[], positions: number[]) =>
  positions.map((position) => ({
    position,
    number: numbers[position]!,
    kind: 'delivery' as const,
    at: new Date(Date.now() + position).toISOString(),
  }));

describe('campaign claims and guarded stores', () => {
  it('claims consecutive recipients in one transaction, all or nothing, each once', async () => {
    const { companyId, campaignId, numbers } = await runningCampaign('Campaña lote', 'run-1', 6);
    const base = { companyId, campaignId, whatsappId, nextDueAtMs: 0, last: false };

    expect(await campaigns.claimSends({ ...base, runId: 'run-1', entries: claimOf(numbers, [0, 1, 2]) })).toBe(true);
    let now = await campaigns.getCampaign(companyId, campaignId);
    expect(now).toMatchObject({ cursor: 3, deliveries: 3, status: 'EM_ANDAMENTO' });

    // A copy of the step (the cursor has moved) and another run claim nothing, not even in part.
    expect(await campaigns.claimSends({ ...base, runId: 'run-1', entries: claimOf(numbers, [2, 3]) })).toBe(false);
    expect(await campaigns.claimSends({ ...base, runId: 'run-2', entries: claimOf(numbers, [3, 4]) })).toBe(false);
    const entries = await campaigns.getShippingAt(companyId, campaignId, [0, 1, 2, 3, 4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((p) => entries.get(p)?.recipientState)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'pending',
      'pending',
      'pending',
    ]);
    now = await campaigns.getCampaign(companyId, campaignId);
    expect(now).toMatchObject({ cursor: 3, deliveries: 3 });

    // The batch with the last recipient ends the run.
    expect(
      await campaigns.claimSends({ ...base, last: true, runId: 'run-1', entries: claimOf(numbers, [3, 4, 5]) }),
    ).toBe(true);
    now = await campaigns.getCampaign(companyId, campaignId);
    expect(now).toMatchObject({ cursor: 6, deliveries: 6, status: 'FINALIZADA' });
  });

  it('stores a claimed recipient while the run is on or finished, and nothing once it is cancelled', async () => {
    const { companyId, campaignId, numbers } = await runningCampaign('Campaña guardia', 'run-g', 3);
    const guard = { companyId, campaignId, runId: 'run-g' };
    const recipient = async (number: string) =>
      (
        await contacts.findOrCreateContact(companyId, { number, name: number, isGroup: false, whatsappId })
      ).contact;
    const ticketFields = (contact: Awaited<ReturnType<typeof recipient>>) => ({
      companyId,
      whatsappId,
      contact,
      isGroup: false,
      status: 'pending' as const,
      contactSnapshot: ticketContact.contactSnapshotOf(contact),
    });
    const message = (ticket: DataTickets.TicketRecord, id: string) =>
      [
        {
          companyId,
          id,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          whatsappId,
          body: 'Hola',
          fromMe: true,
          ack: 0,
          read: true,
          createdAt: new Date().toISOString(),
        },
        { lastMessage: 'Hola', lastMessageAt: new Date().toISOString(), countUnread: false },
        ticket,
      ] as const;

    // While the run is on: the guarded ticket and message are written.
    const first = await recipient(numbers[0]!);
    const opened = await tickets.createTicket(ticketFields(first), undefined, { current: undefined }, { guard });
    expect(opened.outcome).toBe('created');
    const stored = await messages.storeMessageOnTicket(...message(opened.ticket, `3EB0GUARD${campaignId}A`), guard);
    expect(stored.outcome).toBe('stored');
    // Another run's guard (a restart since) holds nothing.
    await expect(
      messages.storeMessageOnTicket(...message(opened.ticket, `3EB0GUARD${campaignId}B`), { ...guard, runId: 'other' }),
    ).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_STATUS' });

    // Cancelled: neither a new ticket nor a message of the run is written.
    expect(await campaigns.cancelRun(companyId, campaignId)).toBe(true);
    const second = await recipient(numbers[1]!);
    await expect(
      tickets.createTicket(ticketFields(second), undefined, { current: undefined }, { guard }),
    ).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_STATUS' });
    await expect(
      messages.storeMessageOnTicket(...message(opened.ticket, `3EB0GUARD${campaignId}C`), guard),
    ).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_STATUS' });
    // Nor a new ticket holding the recipient's first message (one write, the guard in it).
    const held = `3EB0GUARD${campaignId}D`;
    await expect(
      tickets.createTicketHoldingMessage(ticketFields(second), undefined, { current: undefined }, {
        guard,
        firstMessage: {
          message: { ...message(opened.ticket, held)[0], contactId: second.id },
          ticketUpdate: message(opened.ticket, held)[1],
        },
      }),
    ).rejects.toMatchObject({ code: 'ERR_CAMPAIGN_STATUS' });
    expect(await messages.getMessage(companyId, held)).toBeUndefined();
    expect(await messages.getMessage(companyId, `3EB0GUARD${campaignId}B`)).toBeUndefined();
    expect(await messages.getMessage(companyId, `3EB0GUARD${campaignId}C`)).toBeUndefined();
    // The refused ticket took no place: the contact's ticket is opened without the guard.
    const unguarded = await tickets.createTicket(ticketFields(second), undefined, { current: undefined });
    expect(unguarded.outcome).toBe('created');
  });
});
