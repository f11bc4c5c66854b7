/**
 * LID contacts (docs/decisions, "LID contacts"): a LID↔number pair learned from the connector (a
 * message carrying both ids, Baileys' `lid-mapping.update`) makes the LID's contact and the
 * number's one contact; a message under a LID alone goes to the number's contact that holds it.
 */
import { isLidJid, type InboundCall, type InboundMessage } from '@atende/shared/entities/inbound-message';
import { AppError } from '#domain/app-error';
import { jidDigits, planLidPair, planTicketMoves, type LidPlan } from '#domain/lid-merge';
import {
  adoptTicket,
  attachLid,
  beginLidMerge,
  contactOfLid,
  currentTicketsByConnection,
  finishLidMerge,
  foldTicket,
  numberLidContact,
  readLidPair,
  rehomeTicket,
  ticketsOfContact,
} from '#data/contact-lids';
import { getContact, type ContactRecord } from '#data/contacts';
import { getTicketsByIds } from '#data/ticket-batch';
import { contactSnapshotOf, refreshContactTickets } from '#data/ticket-contact';

/** Pairs this container has seen settled (`<companyId>:<lid>:<pn>`): a pair on every message costs no read. */
const settledPairs = new Set<string>();
/** LIDs whose number's contact this container has found (`<companyId>:<lid>` → number). */
const lidNumbers = new Map<string, string>();
const maxRemembered = 20_000;

function remember<T>(into: Set<string> | Map<string, T>, key: string, value?: T): void {
  if (into instanceof Set) into.add(key);
  else into.set(key, value as T);
  if (into.size > maxRemembered) into.delete(into.keys().next().value!);
}

/**
 * A learned pair, exactly once: the number's contact takes the LID, or the LID-only contact takes
 * the number, or the LID's contact and tickets are folded into the number's (planned by
 * domain/lid-merge.ts). A pair already settled changes nothing. Answers what was planned
 * (`unknown`: neither contact exists yet).
 */
export async function learnLidPair(companyId: number, lidJid: string, pnJid: string): Promise<LidPlan['kind']> {
  const lid = jidDigits(lidJid);
  const pn = jidDigits(pnJid);
  const key = `${companyId}:${lid}:${pn}`;
  if (settledPairs.has(key)) return 'done';
  for (let attempt = 1; ; attempt += 1) {
    const read = await readLidPair(companyId, lid, pn);
    const plan = planLidPair({ lid, pn, ...read });
    try {
      switch (plan.kind) {
        case 'unknown':
          return plan.kind;
        case 'done':
          break;
        case 'attach':
          await attachLid(read.numberContact!, lid);
          break;
        case 'number':
          await numberLidContact(read.lidContact!, pn);
          break;
        case 'merge':
          await mergeContacts(read.numberContact!, plan.resume ? undefined : read.lidContact, plan.fromId, lid);
          break;
      }
    } catch (error) {
      // Another event changed the claims meanwhile: read them again.
      const code = error instanceof AppError ? error.code : undefined;
      if (code !== 'ERR_TICKET_CONFLICT' && code !== 'ERR_DUPLICATED_CONTACT') throw error;
      if (attempt < 4) continue;
      // Claims that keep disagreeing (a LID held by another contact): the pair is left as it is
      // rather than holding up the chat's messages; the next delivery of the pair tries again.
      console.warn(JSON.stringify({ level: 'warn', message: 'LID pair not settled', companyId, code }));
      return 'unknown';
    }
    remember(settledPairs, key);
    remember(lidNumbers, `${companyId}:${lid}`, pn);
    return plan.kind;
  }
}

/**
 * The LID contact into the number's: the claims first (AP-CT-20, with the `mergingFrom` marker),
 * then its tickets (folded, adopted or rehomed: planTicketMoves), then the LID contact goes and
 * the marker with it (AP-CT-21). A run cut short is resumed from the marker.
 */
async function mergeContacts(into: ContactRecord, from: ContactRecord | undefined, fromId: number, lid: string): Promise<void> {
  const { companyId } = into;
  if (from) await beginLidMerge(into, from, lid);
  const source = from ?? (await getContact(companyId, fromId));
  const fromView = { id: fromId, name: source?.name ?? '', number: source?.number ?? '' };
  const merged: ContactRecord = { ...into, lid };
  const [fromTickets, fromCurrent, intoCurrentIds] = await Promise.all([
    ticketsOfContact(companyId, fromId),
    currentTicketsByConnection(companyId, fromId),
    currentTicketsByConnection(companyId, into.id),
  ]);
  const intoTickets = await getTicketsByIds(companyId, [...intoCurrentIds.values()]);
  const intoCurrent = new Map(
    [...intoCurrentIds].flatMap(([whatsappId, id]) => {
      const ticket = intoTickets.get(id);
      return ticket ? [[whatsappId, ticket] as const] : [];
    }),
  );
  const byId = new Map([...fromTickets, ...intoTickets.values()].map((ticket) => [ticket.id, ticket]));
  for (const move of planTicketMoves({ fromTickets, fromCurrent, intoCurrent })) {
    if (move.kind === 'rehome') {
      await rehomeTicket(byId.get(move.ticketId)!, fromView, merged);
    } else if (move.kind === 'adopt') {
      const ticket = byId.get(move.ticketId)!;
      await rehomeTicket(ticket, fromView, merged);
      await adoptTicket(ticket, fromId, into.id, intoCurrentIds.get(move.whatsappId));
    } else {
      const folded = byId.get(move.fromTicketId)!;
      const kept = byId.get(move.intoTicketId)!;
      await foldTicket(folded, kept, into.id);
      // The LID contact's ticket kept the conversation (an agent has it open): it becomes the number contact's.
      if (kept.contactId !== into.id) {
        await rehomeTicket(kept, fromView, merged);
        await adoptTicket(kept, fromId, into.id, undefined);
      }
    }
  }
  await finishLidMerge(into, source, fromId);
  await refreshContactTickets(companyId, into.id, contactSnapshotOf(merged));
}

/**
 * An event's LID, and — for a chat under a LID alone — the chat of the number's contact that holds
 * it, so the message joins that contact's ticket rather than making a second one. A message that
 * carries both ids settles the pair first; `learnAfter` says the pair found no contact yet (the
 * message makes it, and the pair is settled after).
 */
export async function lidAware<E extends InboundMessage | InboundCall>(event: E): Promise<{ event: E; learnAfter: boolean }> {
  const lid = event.lid ?? (isLidJid(event.chatJid) ? event.chatJid : null);
  if (event.isGroup || !lid) return { event, learnAfter: false };
  if (event.pn) {
    const kind = await learnLidPair(event.companyId, lid, event.pn);
    return { event, learnAfter: kind === 'unknown' };
  }
  if (!isLidJid(event.chatJid)) return { event, learnAfter: false };
  const digits = jidDigits(lid);
  const cacheKey = `${event.companyId}:${digits}`;
  let number = lidNumbers.get(cacheKey);
  if (!number) {
    const holder = await contactOfLid(event.companyId, digits);
    if (holder && !holder.lidOnly) {
      number = holder.number;
      remember(lidNumbers, cacheKey, number);
    }
  }
  if (!number) return { event, learnAfter: false };
  const pn = `${number}@s.whatsapp.net`;
  return { event: { ...event, chatJid: pn, pn }, learnAfter: false };
}
