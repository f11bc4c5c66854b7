import type { EntityItem } from 'electrodb';
import { getItems, itemRef, type ItemRef } from './batch-get.ts';
import { campaignConfirmationEntity } from './campaign-entity.ts';
import { companyEntity } from './company-entity.ts';
import type { CompanyRecord } from './companies.ts';
import { contactEntity, contactNumberEntity } from './contact-entity.ts';
import type { ContactRecord } from './contacts.ts';
import { settingEntity } from './setting-entity.ts';
import type { SettingRecord } from './settings.ts';
import { counterRef } from './ids.ts';
import type { ChatCounters } from './inbound-chat.ts';
import { contactTicketEntity, ticketEntity } from './ticket-entity.ts';
import { getTicket, type TicketRecord } from './tickets.ts';
import type { WhatsappRecord } from './whatsapps.ts';
import { whatsappEntity } from './whatsapp-entity.ts';

/** What an inbound event of one chat reads before it is stored. */
export interface InboundChatState {
  /** The contact that owns the chat's number, if any. */
  contact: ContactRecord | undefined;
  /** That contact's current ticket on the connection (any status), if any. */
  current: TicketRecord | undefined;
  /** The connection, when asked for. */
  whatsapp: WhatsappRecord | undefined;
  /** The company, when asked for. */
  company: CompanyRecord | undefined;
  /** The settings asked for that the company has (absent ones take their defaults). */
  settings: SettingRecord[];
  /** The company's contact and ticket counters, when asked for (a new customer's ids: AP-IN-2). */
  counters: ChatCounters | undefined;
  /** The campaign confirmation the number owes on the connection, when asked for (extended §2.3). */
  campaignConfirmation: PendingConfirmation | undefined;
}

export type PendingConfirmation = EntityItem<typeof campaignConfirmationEntity>;

/** Where a chat's contact and ticket were last found: what the next event of the chat reads first. */
export interface InboundChatHint {
  contactId: number;
  ticketId?: number;
}

/**
 * AP-IN-1: the state an inbound event of a chat needs, in one BatchGetItem when the chat has
 * been seen before: the number's claim, the connection, the company, the named settings and the
 * number's pending campaign confirmation (a customer message answers it), plus
 * — from `hint`, where the previous event of this chat found them — the contact, its
 * current-ticket claim and that ticket. Every item is read strongly consistent, and the hint is
 * used only where the claims read in the same call confirm it (the number still names that
 * contact, the claim still names that ticket), so the answer is the one the reads one after
 * another give (AP-CT-2, AP-TK-2). Without a hint, or with one out of date, the missing reads
 * follow: the contact and its claim together, then the ticket; three calls at most.
 */
export async function readInboundChat(
  companyId: number,
  whatsappId: number,
  number: string,
  wanted: {
    whatsapp?: boolean;
    company?: boolean;
    settings?: readonly string[];
    campaignConfirmation?: boolean;
    counters?: boolean;
  },
  hint?: InboundChatHint,
): Promise<InboundChatState> {
  const refs: ItemRef<unknown>[] = [itemRef(contactNumberEntity, { companyId, number })];
  const at = (ref: ItemRef<unknown>) => refs.push(ref) - 1;
  const whatsappAt = wanted.whatsapp ? at(itemRef(whatsappEntity, { companyId, id: whatsappId })) : -1;
  const companyAt = wanted.company ? at(itemRef(companyEntity, { id: companyId })) : -1;
  const confirmationAt = wanted.campaignConfirmation
    ? at(itemRef(campaignConfirmationEntity, { companyId, whatsappId, number }))
    : -1;
  const contactCounterAt = wanted.counters ? at(counterRef(companyId, 'contact')) : -1;
  const ticketCounterAt = wanted.counters ? at(counterRef(companyId, 'ticket')) : -1;
  const settingsAt = [...new Set(wanted.settings ?? [])].map((key) =>
    at(itemRef(settingEntity, { companyId, key })),
  );
  const contactAt = hint ? at(itemRef(contactEntity, { companyId, id: hint.contactId })) : -1;
  const claimAt = hint
    ? at(itemRef(contactTicketEntity, { companyId, whatsappId, contactId: hint.contactId }))
    : -1;
  const ticketAt =
    hint?.ticketId !== undefined ? at(itemRef(ticketEntity, { companyId, id: hint.ticketId })) : -1;
  const found = await getItems(refs);
  const pick = <T>(index: number) => (index >= 0 ? (found[index] as T | undefined) : undefined);

  const state: InboundChatState = {
    contact: undefined,
    current: undefined,
    whatsapp: pick<WhatsappRecord>(whatsappAt),
    company: pick<CompanyRecord>(companyAt),
    settings: settingsAt
      .map((index) => pick<SettingRecord>(index))
      .filter((s): s is SettingRecord => s !== undefined),
    campaignConfirmation: pick<PendingConfirmation>(confirmationAt),
    counters: wanted.counters
      ? { contact: pick<number>(contactCounterAt), ticket: pick<number>(ticketCounterAt) }
      : undefined,
  };
  const numberClaim = pick<{ contactId: number }>(0);
  if (!numberClaim) return state;

  let contact: ContactRecord | undefined;
  let claim: { ticketId: number } | undefined;
  if (hint && numberClaim.contactId === hint.contactId) {
    contact = pick<ContactRecord>(contactAt);
    claim = pick<{ ticketId: number }>(claimAt);
  } else {
    const contactId = numberClaim.contactId;
    [contact, claim] = await getItems([
      itemRef(contactEntity, { companyId, id: contactId }),
      itemRef(contactTicketEntity, { companyId, whatsappId, contactId }),
    ] as const);
  }
  state.contact = contact;
  if (!contact || !claim) return state;
  const hintedTicket = pick<TicketRecord>(ticketAt);
  state.current =
    hintedTicket && hintedTicket.id === claim.ticketId
      ? hintedTicket
      : await getTicket(companyId, claim.ticketId);
  return state;
}
