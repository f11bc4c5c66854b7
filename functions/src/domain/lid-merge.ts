/**
 * LID contacts (issue #30): WhatsApp may address a person by a LID (a privacy id) before their
 * number is known. The ingest keeps such a person as a contact marked `lidOnly` (its `number`
 * holds the LID's digits, its claim `CONTACTNUM#<lid>`); a contact whose number is known keeps its
 * LID in `lid`, claimed by `CONTACTLID#<lid>`. When Baileys tells that a LID and a number are one
 * person, the two become one contact: what to do is planned here, from what was read. Pure.
 */

/** The user part of a JID: `123@lid` → `123`, `5511…:2@s.whatsapp.net` → `5511…`. */
export function jidDigits(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!;
}

export interface LidContactView {
  id: number;
  number: string;
  lid?: string | undefined;
  lidOnly?: boolean | undefined;
  /** Set on a number's contact while a LID contact is being folded into it (the merge's marker). */
  mergingFrom?: number | undefined;
}

export interface LidPairState {
  lid: string;
  pn: string;
  /** The contact claiming the number (`CONTACTNUM#<pn>`). */
  numberContact?: LidContactView | undefined;
  /** The LID-only contact (`CONTACTNUM#<lid>`, `lidOnly`). */
  lidContact?: LidContactView | undefined;
  /** Whom `CONTACTLID#<lid>` names, if anyone. */
  lidClaimOwner?: number | undefined;
}

export type LidPlan =
  /** Nothing to do: the number's contact already holds the LID (a pair delivered again). */
  | { kind: 'done' }
  /** Neither is known yet: the first message makes the contact (with the LID when it carries it). */
  | { kind: 'unknown' }
  /** Only the number's contact: it takes the LID. */
  | { kind: 'attach'; contactId: number }
  /** Only the LID's contact: it takes the number (its tickets stay its own). */
  | { kind: 'number'; contactId: number }
  /** Both: the LID's contact and its tickets go into the number's (or finish a merge begun before). */
  | { kind: 'merge'; intoId: number; fromId: number; resume: boolean };

/** What a learned LID↔number pair asks for. */
export function planLidPair(state: LidPairState): LidPlan {
  const { numberContact: into, lidContact: from } = state;
  // A merge begun earlier (its marker on the number's contact) is finished first.
  if (into?.mergingFrom !== undefined) return { kind: 'merge', intoId: into.id, fromId: into.mergingFrom, resume: true };
  if (into && from && from.id !== into.id && from.lidOnly) return { kind: 'merge', intoId: into.id, fromId: from.id, resume: false };
  if (into) {
    return into.lid === state.lid && state.lidClaimOwner === into.id ? { kind: 'done' } : { kind: 'attach', contactId: into.id };
  }
  if (from?.lidOnly) return { kind: 'number', contactId: from.id };
  return { kind: 'unknown' };
}

export interface MergeTicketView {
  id: number;
  whatsappId: number;
  status: 'open' | 'pending' | 'closed';
}

export type TicketMove =
  /** Both contacts have a conversation going on the connection: one ticket takes the other's messages, notes and tags; the other is deleted. */
  | { kind: 'fold'; whatsappId: number; fromTicketId: number; intoTicketId: number }
  /** The LID contact's ticket becomes the number contact's current one on the connection. */
  | { kind: 'adopt'; whatsappId: number; ticketId: number }
  /** An older ticket of the LID contact: it changes contact, nothing else. */
  | { kind: 'rehome'; ticketId: number };

/**
 * How the LID contact's tickets join the number contact's. Per connection, a current ticket of
 * each that is not closed are one conversation: folded into one (the one an agent has open
 * survives; between equals, the number's). A LID contact's current ticket where the number's
 * contact has none going becomes its current ticket. Every other ticket of the LID contact only
 * changes contact (its history).
 */
export function planTicketMoves(input: {
  /** Every ticket of the LID contact. */
  fromTickets: readonly MergeTicketView[];
  /** The LID contact's current ticket id per connection (`CONTACTTICKET#<w>#<from>`). */
  fromCurrent: ReadonlyMap<number, number>;
  /** The number contact's current ticket per connection. */
  intoCurrent: ReadonlyMap<number, MergeTicketView>;
}): TicketMove[] {
  const moves: TicketMove[] = [];
  const byId = new Map(input.fromTickets.map((ticket) => [ticket.id, ticket]));
  const handled = new Set<number>();
  for (const [whatsappId, ticketId] of input.fromCurrent) {
    const ours = byId.get(ticketId);
    if (!ours) continue;
    handled.add(ticketId);
    const theirs = input.intoCurrent.get(whatsappId);
    if (theirs && theirs.status !== 'closed' && ours.status !== 'closed') {
      const oursSurvives = ours.status === 'open' && theirs.status !== 'open';
      moves.push(
        oursSurvives
          ? { kind: 'fold', whatsappId, fromTicketId: theirs.id, intoTicketId: ours.id }
          : { kind: 'fold', whatsappId, fromTicketId: ours.id, intoTicketId: theirs.id },
      );
    } else if (!theirs || (theirs.status === 'closed' && ours.status !== 'closed')) {
      moves.push({ kind: 'adopt', whatsappId, ticketId });
    } else {
      moves.push({ kind: 'rehome', ticketId });
    }
  }
  for (const ticket of input.fromTickets) if (!handled.has(ticket.id)) moves.push({ kind: 'rehome', ticketId: ticket.id });
  return moves;
}

/** What the ticket that keeps a folded conversation shows: the later last message, the unread counts added. */
export function foldedTicketSummary(
  into: { lastMessage?: string | undefined; lastMessageAt?: string | undefined; unreadMessages?: number | undefined },
  from: { lastMessage?: string | undefined; lastMessageAt?: string | undefined; unreadMessages?: number | undefined },
): { lastMessage?: string; lastMessageAt?: string; unreadMessages: number } {
  const later = (from.lastMessageAt ?? '') > (into.lastMessageAt ?? '') ? from : into;
  return {
    ...(later.lastMessage !== undefined ? { lastMessage: later.lastMessage } : {}),
    ...(later.lastMessageAt !== undefined ? { lastMessageAt: later.lastMessageAt } : {}),
    unreadMessages: (into.unreadMessages ?? 0) + (from.unreadMessages ?? 0),
  };
}
