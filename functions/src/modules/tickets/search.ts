import { isAdmin, type Principal } from '#auth/principal';
import { ticketIdsByWord, type WordCursor } from '#data/ticket-search';
import { getListedTicketsByIds, type ListedTicket, type TicketRecord } from '#data/tickets';
import { ticketIdsWithTag } from '#data/tags';
import { searchQueryPhrase, searchQueryTokens } from '#domain/contact-tokens';
import { holdsEveryWord } from '#domain/message-tokens';
import type { TicketListViewer } from '#domain/ticket-lists';
import { canSeeTicket } from '#domain/ticket-visibility';

/** Token items a word of a several-word search reads (what the other words are checked against). */
const checkedPerWord = 500;
/** Token items read on, each time a one-word search's candidates run out. */
const readOnItems = 500;
/** Candidates read in the first round (a page and one more), then twice as many, at most this many, per round. */
const maxRound = 100;

/**
 * The search tab: tickets with a token starting with every word (a word of their messages, of
 * their contact's name, a tail of its number), carrying every asked tag; only those the viewer
 * may see, newest conversation first (highest id). Message words and contact tokens share one
 * token partition with zero-padded ids (docs/decisions.md, "Search: one token partition, padded
 * ids"): a word is one descending Query whose first items are its newest tickets. One word reads
 * a page's worth of token items; with several, first their phrase among contacts' names, then,
 * unless that named a page, each word is one Query (in parallel), the rarest (the one read whole
 * with the fewest tickets) gives the candidates and the others check them.
 * The candidates are then read (the whole ticket, once: it is what the page shows) newest first,
 * a round at a time, only until the page is full.
 */
export async function searchTickets(
  principal: Principal,
  viewer: TicketListViewer,
  filter: {
    text: string;
    tagIds: number[];
    status: TicketRecord['status'] | undefined;
    /** Admins' user filter: only tickets held by one of these users (empty: anyone's). */
    userIds: number[];
    keep: (ticket: ListedTicket) => boolean;
  },
  page: { number: number; size: number },
): Promise<{ hits: ListedTicket[]; count: number; hasMore: boolean; snippets: Map<number, string> }> {
  const companyId = principal.companyId;
  const words = searchQueryTokens(filter.text);
  const wanted = page.number * page.size + 1;
  // Tickets carrying every asked tag (the tags' link index), read beside the words.
  const [tagged, firstSource] = await Promise.all([
    filter.tagIds.length > 0
      ? ticketsWithEveryTag(companyId, filter.tagIds).then((ids) => new Set(ids))
      : undefined,
    words.length > 0 ? candidateSource(companyId, words, searchQueryPhrase(filter.text), wanted, page.size + 1) : undefined,
  ]);
  let source = firstSource;
  const keepId = (id: number) => (!tagged || tagged.has(id)) && (!source || source.matchesOthers(id));
  const seen = new Set<number>();
  let queue: number[] = [];
  const enqueue = (ids: readonly number[]) => {
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (keepId(id)) queue.push(id);
    }
    queue.sort((a, b) => b - a);
  };
  enqueue(source ? source.ids : [...(tagged ?? [])]);

  const admin = isAdmin(principal);
  const hits: ListedTicket[] = [];
  for (let round = wanted; hits.length < wanted;) {
    if (queue.length === 0) {
      // Candidates ran out while the driving word's (or the phrase's) range goes on: read on.
      if (source?.cursor) {
        const more = await ticketIdsByWord(companyId, source.word, readOnItems, source.cursor);
        source.cursor = more.cursor;
        source.addSnippets(more.snippets);
        enqueue(more.ids);
        continue;
      }
      // Every contact the phrase names was read and the page is not full (filters, queues, or
      // the last page of them): the tickets holding the words come after them.
      if (source?.widen) {
        source = await source.widen();
        enqueue(source.ids);
        continue;
      }
      break;
    }
    const ids = queue.slice(0, round);
    queue = queue.slice(ids.length);
    round = Math.min(round * 2, maxRound);
    const tickets = await getListedTicketsByIds(companyId, ids);
    for (const id of ids) {
      const ticket = tickets.get(id);
      if (!ticket || (filter.status && ticket.status !== filter.status)) continue;
      if (
        filter.userIds.length > 0 &&
        (ticket.userId === undefined || !filter.userIds.includes(ticket.userId))
      )
        continue;
      if ((admin || canSeeTicket(viewer, ticket)) && filter.keep(ticket)) hits.push(ticket);
    }
  }
  const end = page.number * page.size;
  const shown = hits.slice(end - page.size, end);
  // The message each hit matched by (an older one too), as the token items carry it.
  const snippets = new Map<number, string>();
  for (const ticket of shown) {
    const snippet = source?.snippetOf(ticket.id);
    if (snippet !== undefined) snippets.set(ticket.id, snippet);
  }
  return {
    hits: shown,
    snippets,
    // Exact once every candidate was read; otherwise those found plus those not read yet.
    count: hits.length + queue.length,
    hasMore: hits.length > end,
  };
}

async function ticketsWithEveryTag(companyId: number, tagIds: number[]): Promise<number[]> {
  const perTag = await Promise.all(tagIds.map((tagId) => ticketIdsWithTag(companyId, tagId)));
  return perTag.reduce((kept, ids) => kept.filter((id) => ids.includes(id)));
}

interface CandidateSource {
  /** The word whose tickets are the candidates. */
  word: string;
  /** Its tickets read so far, in the order read. */
  ids: number[];
  /** Where its range goes on; undefined once read whole. */
  cursor: WordCursor | undefined;
  /** Whether a ticket has every other word (within what was read of each: at most 500 items). */
  matchesOthers: (id: number) => boolean;
  /** Several words whose phrase named a page of contacts: the words' own candidates, when those run out. */
  widen?: () => Promise<CandidateSource>;
  /** Keeps the snippets of the driving word's further reads. */
  addSnippets: (snippets: Map<number, string>) => void;
  /**
   * The message text a ticket matched by: of the words' snippets, one holding every word (at a
   * word's beginning), else the driving word's; undefined when it matched by its contact alone.
   */
  snippetOf: (id: number) => string | undefined;
}

/**
 * The candidates of a search and the check of its other words. One word: its first page and
 * more (two pages' worth of token items, at least 100). Several: first the words as a phrase
 * among contacts' names (docs/decisions.md, "Search: a contact's name as phrases"): when they
 * name a first page's worth, their tickets come first on every page (read on while the page
 * wants more) and the words' only after them. Else each word's 500 newest items too, in parallel; the word
 * read whole with the fewest tickets drives (else the longest, as typed) and the others check
 * its tickets, beside those the phrase named.
 */
async function candidateSource(
  companyId: number,
  words: string[],
  phrase: string | undefined,
  wanted: number,
  firstPage: number,
): Promise<CandidateSource> {
  if (words.length === 1) {
    const word = words[0]!;
    const read = await ticketIdsByWord(companyId, word, Math.min(readOnItems, Math.max(100, wanted * 2)));
    return {
      word,
      ids: read.ids,
      cursor: read.cursor,
      matchesOthers: () => true,
      addSnippets: (more) => addMissing(read.snippets, more),
      snippetOf: (id) => read.snippets.get(id),
    };
  }
  const byName = phrase ? await ticketIdsByWord(companyId, phrase, Math.max(100, wanted * 2)) : undefined;
  const named = new Set(byName?.ids ?? []);
  const byWords = async () => {
    const reads = await Promise.all(
      words.map(async (word) => ({ word, ...(await ticketIdsByWord(companyId, word, checkedPerWord)) })),
    );
    return severalWords(reads, named);
  };
  // Whether the named contacts lead is decided as for the first page whatever page is asked, so
  // that page 2 goes on from page 1: the named tickets first, the words' ones after them.
  if (named.size >= firstPage) {
    return {
      widen: byWords,
      word: phrase!,
      ids: [...named],
      cursor: byName?.cursor,
      matchesOthers: () => true,
      addSnippets: () => undefined,
      // Found by the contact's name: no message to show.
      snippetOf: () => undefined,
    };
  }
  return byWords();
}

type WordRead = { word: string; ids: number[]; snippets: Map<number, string>; cursor: WordCursor | undefined };

/**
 * Several words' candidates from what was read of each: the tickets named by the phrase, and the
 * driving word's tickets that every other word's read holds too.
 */
function severalWords(reads: WordRead[], named: Set<number>): CandidateSource {
  const whole = reads.filter((read) => !read.cursor).sort((a, b) => a.ids.length - b.ids.length);
  const driver = whole[0] ?? reads[0]!;
  const others = reads.filter((read) => read !== driver).map((read) => new Set(read.ids));
  const words = reads.map((read) => read.word);
  return {
    word: driver.word,
    ids: [...named, ...driver.ids],
    // No reading on: the driver is read whole, or no word is and the others are checked against
    // their newest 500 items only, so reading the driver on walked its whole range (a first name
    // and a surname at 100k: ~7 Queries, ~3,500 items) for the few more tickets those 500 hold.
    cursor: undefined,
    matchesOthers: (id) => named.has(id) || others.every((ids) => ids.has(id)),
    addSnippets: (more) => addMissing(driver.snippets, more),
    snippetOf: (id) => {
      const found = [driver, ...reads.filter((read) => read !== driver)]
        .map((read) => read.snippets.get(id))
        .filter((snippet): snippet is string => snippet !== undefined);
      return found.find((snippet) => holdsEveryWord(snippet, words)) ?? found[0];
    },
  };
}

function addMissing(into: Map<number, string>, more: Map<number, string>): void {
  for (const [id, snippet] of more) if (!into.has(id)) into.set(id, snippet);
}
