import { contactsByNumbers } from '#data/campaign-recipients';
import { getShipping, getShippingAt, type CampaignRecord, type ShippingRecord } from '#data/campaigns';
import { createContactsInBulk, type ContactRecord } from '#data/contacts';
import { reserveIds } from '#data/ids';
import { currentTicketIdsOf, getTicketsByIds } from '#data/ticket-batch';
import type { TicketRecord } from '#data/tickets';
import type { PreparedRecipient } from './deliver.ts';

/** A recipient as read ahead: its entry and, when the lookups were made, its contact and ticket. */
export interface AheadRecipient {
  entry: ShippingRecord | undefined;
  prepared: PreparedRecipient | undefined;
}

/**
 * The contacts of a window of recipients (found, or created as a send would create them, with
 * the import's batched writes: one id reservation, one transaction for many contacts) and their
 * current tickets on the campaign's connection: about eight table calls for a window of 16 new
 * recipients instead of eight per recipient. Nothing is claimed, no ticket opened, nothing sent.
 */
async function prepareRecipients(
  campaign: CampaignRecord,
  entries: readonly ShippingRecord[],
): Promise<Map<string, PreparedRecipient>> {
  const companyId = campaign.companyId;
  const whatsappId = campaign.whatsappId!;
  const numbers = [...new Set(entries.map((entry) => entry.number))];
  const contacts = await contactsByNumbers(companyId, numbers);
  const missing = numbers.filter((number) => !contacts.has(number));
  if (missing.length > 0) {
    const rows = missing.map((number) => {
      const entry = entries.find((e) => e.number === number)!;
      return { number, name: entry.name || entry.number, isGroup: false, whatsappId };
    });
    // A number taken meanwhile (by a customer writing in) is read below like the created ones.
    await createContactsInBulk(companyId, rows, { deadline: Date.now() + 60_000, concurrency: 2 });
    for (const [number, contact] of await contactsByNumbers(companyId, missing))
      contacts.set(number, contact);
  }
  const found = [...contacts.values()];
  const ticketIds = await currentTicketIdsOf(
    companyId,
    found.map((contact) => ({ whatsappId, contactId: contact.id })),
  );
  const tickets = new Map<number, TicketRecord>();
  for (const ticket of (await getTicketsByIds(companyId, ticketIds)).values())
    if (ticket.whatsappId === whatsappId) tickets.set(ticket.contactId, ticket);
  // The ids of the tickets the window will open (no open or pending one), reserved at once: the
  // stores then make no counter call each. An id left unused (a cancel, a ticket opened meanwhile)
  // is a gap in the numbering, nothing more.
  const opening = found.filter((contact) => {
    const current = tickets.get(contact.id);
    return !current || current.status === 'closed';
  });
  const ids = await reserveIds({ companyId }, 'ticket', opening.length);
  const reserved = new Map(opening.map((contact, index) => [contact.id, ids[index]!]));
  return new Map(
    [...contacts].map(([number, contact]: [string, ContactRecord]) => {
      const ticketId = reserved.get(contact.id);
      return [number, { contact, current: tickets.get(contact.id), ...(ticketId !== undefined ? { ticketId } : {}) }];
    }),
  );
}

/**
 * Reads a send step's recipients ahead of its claims, `size` at a time: a window's entries in one
 * BatchGet, then its contacts and tickets (prepareRecipients). The next window is read when the
 * first recipient of the current one is taken, so up to two windows are ready while the claims go
 * one after the other. A window stops after the first entry with a wait after it (the step ends
 * there), and nothing is read at or past `end`.
 */
export class ReadAhead {
  private readonly windows = new Map<
    number,
    Promise<{ ahead: Map<number, AheadRecipient>; goesOn: boolean }>
  >();

  constructor(
    private readonly campaign: CampaignRecord,
    private readonly from: number,
    private readonly end: number,
    private readonly size: number,
  ) {}

  private windowStart(position: number): number {
    return this.from + Math.floor((position - this.from) / this.size) * this.size;
  }

  private load(start: number) {
    let window = this.windows.get(start);
    if (!window) {
      window = this.read(start);
      // A window read ahead and never taken (the step stopped early) must not fail the process.
      window.catch(() => undefined);
      this.windows.set(start, window);
    }
    return window;
  }

  private async read(start: number) {
    const { companyId, id } = this.campaign;
    const positions: number[] = [];
    for (let p = start; p < Math.min(this.end, start + this.size); p += 1) positions.push(p);
    const read = await getShippingAt(companyId, id, positions);
    const entries: ShippingRecord[] = [];
    let goesOn = true;
    for (const position of positions) {
      const entry = read.get(position);
      if (!entry) break; // left unprocessed by the batch: read alone when taken
      entries.push(entry);
      if ((entry.gapAfter ?? 0) > 0) {
        goesOn = false;
        break;
      }
    }
    const prepared = await prepareRecipients(this.campaign, entries);
    const ahead = new Map<number, AheadRecipient>(
      entries.map((entry) => [entry.position, { entry, prepared: prepared.get(entry.number) }]),
    );
    return { ahead, goesOn: goesOn && entries.length === positions.length };
  }

  /** The recipient at `position`: as read ahead, or read now (an entry the batch left out). */
  async take(position: number): Promise<AheadRecipient> {
    const start = this.windowStart(position);
    const window = await this.load(start);
    if (position === start && window.goesOn && start + this.size < this.end)
      void this.load(start + this.size);
    this.windows.delete(start - this.size);
    const found = window.ahead.get(position);
    if (found) return found;
    return {
      entry: await getShipping(this.campaign.companyId, this.campaign.id, position),
      prepared: undefined,
    };
  }
}
