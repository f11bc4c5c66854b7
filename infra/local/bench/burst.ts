/**
 * Customers writing inbound sandbox messages (POST /api/sandbox/{wid}/inbound, each with its own
 * WhatsApp id), either all at once (the burst: `concurrency` posts in flight until every message
 * is posted) or at a steady pace (`ratePerSecond`, open loop). Each is timed from the moment it is
 * posted to the moment its `appMessage` create event reaches the admin's WebSocket (admins see
 * every message). Afterwards every ticket the burst touched is read page by page through GET
 * /api/messages/{ticketId}: each burst id must be stored exactly once.
 */
import type { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { type LiveSocket } from './live-socket.ts';
import { inLanes } from './setup.ts';
import type { TracedMessage } from './stages.ts';
import { summarize, type LatencySummary } from './stats.ts';

export interface BurstMessage {
  id: string;
  from: string;
  name: string;
  body: string;
  known: boolean;
}

export interface BurstResult {
  messages: number;
  customers: number;
  newCustomers: number;
  /** Posts answered other than 202. */
  rejected: number;
  /** Seconds from the first post to the last answer. */
  postSeconds: number;
  /** How long the API took to accept a message (POST answered 202). */
  acceptLatency: LatencySummary;
  /** Post → appMessage create on the admin's socket. */
  screenLatency: LatencySummary;
  /** Seconds from the first post to the last message on screen. */
  drainSeconds: number;
  onScreen: number;
  missingOnScreen: number;
  /** appMessage create events received more than once for one id. */
  duplicateEvents: number;
  /** Burst ids found nowhere in the touched tickets' messages. */
  lost: number;
  /** Burst ids found more than once. */
  duplicated: number;
  ticketsTouched: number;
}

/** Waits until `done()` or until nothing changed for `quietMs` (then gives up), at most `maxMs`. */
async function waitFor(done: () => boolean, progress: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = progress();
  let lastChange = Date.now();
  while (!done() && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 100));
    const now = progress();
    if (now !== last) {
      last = now;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > quietMs) {
      return;
    }
  }
}

type MessagesPage = { messages: { id: string }[]; hasMore: boolean; cursor: string | null };

/** Every message id of a ticket, newest page first, following the cursor. */
async function messageIdsOf(admin: ApiClient, ticketId: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page += 1) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await admin.get<MessagesPage>(`/messages/${ticketId}${query}`);
    if (answer.status !== 200) throw new Error(`GET /messages/${ticketId}: HTTP ${answer.status}`);
    ids.push(...answer.body.messages.map((m) => m.id));
    if (!answer.body.hasMore || !answer.body.cursor) break;
    cursor = answer.body.cursor;
  }
  return ids;
}

export async function runBurst(options: {
  admin: ApiClient;
  adminSocket: LiveSocket;
  whatsappId: number;
  messages: BurstMessage[];
  /** Posts in flight at once (the burst: as fast as the API answers). */
  concurrency: number;
  /** When set, messages are posted at this pace instead (the steady phase). */
  ratePerSecond?: number;
  /** Resolves once the runtime has finished what the burst set off (before the storage check). */
  settled: () => Promise<unknown>;
  onProgress?: (posted: number, onScreen: number) => void;
  /** Each message's post and arrival in epoch ms, for the stage split (stages.ts). */
  onTimeline?: (messages: TracedMessage[]) => void;
}): Promise<BurstResult> {
  const { admin, adminSocket, messages } = options;
  const wanted = new Set(messages.map((m) => m.id));
  const postedAt = new Map<string, number>();
  const arrivals = new Map<string, { atMs: number; count: number; ticketId: number }>();
  adminSocket.onEvent((event, atMs) => {
    if (event.event !== 'appMessage' || event.data.action !== 'create') return;
    const message = event.data.message as { id?: string } | undefined;
    const id = message?.id;
    if (!id || !wanted.has(id)) return;
    const seen = arrivals.get(id);
    if (seen) seen.count += 1;
    else arrivals.set(id, { atMs, count: 1, ticketId: Number(event.data.ticketId) });
  });

  const acceptTimes: number[] = [];
  let rejected = 0;
  let posted = 0;
  const progress = setInterval(() => options.onProgress?.(posted, arrivals.size), 1000);
  const firstPost = performance.now();
  const post = async (message: BurstMessage) => {
    const start = performance.now();
    postedAt.set(message.id, start);
    const answer = await admin.post(`/sandbox/${options.whatsappId}/inbound`, { from: message.from, name: message.name, body: message.body, id: message.id });
    acceptTimes.push(performance.now() - start);
    if (answer.status !== 202) rejected += 1;
    posted += 1;
  };
  if (options.ratePerSecond) {
    // Open loop: message i is posted at its own time, whether or not the earlier ones were
    // answered, as customers write without waiting for each other.
    const sent: Promise<void>[] = [];
    for (const [index, message] of messages.entries()) {
      const due = firstPost + (index * 1000) / options.ratePerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
      sent.push(post(message));
    }
    await Promise.all(sent);
  } else {
    await inLanes(messages, options.concurrency, post);
  }
  const postSeconds = (performance.now() - firstPost) / 1000;
  await waitFor(() => arrivals.size >= wanted.size, () => arrivals.size, 30_000, 900_000);
  clearInterval(progress);
  options.onProgress?.(posted, arrivals.size);
  await options.settled();

  const screenTimes = [...arrivals].map(([id, arrival]) => arrival.atMs - postedAt.get(id)!);
  const firstOfCustomer = new Set<string>();
  options.onTimeline?.(
    messages.map((message) => {
      const first = !firstOfCustomer.has(message.from);
      firstOfCustomer.add(message.from);
      const arrival = arrivals.get(message.id);
      return {
        id: message.id,
        postedAtMs: performance.timeOrigin + (postedAt.get(message.id) ?? Number.NaN),
        onScreenAtMs: arrival ? performance.timeOrigin + arrival.atMs : undefined,
        first,
        known: message.known,
      };
    }),
  );
  const lastArrival = Math.max(firstPost, ...[...arrivals.values()].map((a) => a.atMs));

  // Where the burst went: the tickets the events named, plus the current ticket of any customer
  // whose message never showed (found through search by number, as an agent would).
  const tickets = new Set([...arrivals.values()].map((a) => a.ticketId));
  const unseenSenders = new Set(messages.filter((m) => !arrivals.has(m.id)).map((m) => m.from));
  for (const number of unseenSenders) {
    const found = await admin.get<{ tickets: { id: number }[] }>(`/tickets?searchParam=${number}&showAll=true`);
    for (const ticket of found.body.tickets ?? []) tickets.add(ticket.id);
  }
  const stored = new Map<string, number>();
  await inLanes([...tickets], 8, async (ticketId) => {
    for (const id of await messageIdsOf(admin, ticketId)) if (wanted.has(id)) stored.set(id, (stored.get(id) ?? 0) + 1);
  });

  return {
    messages: messages.length,
    customers: new Set(messages.map((m) => m.from)).size,
    newCustomers: new Set(messages.filter((m) => !m.known).map((m) => m.from)).size,
    rejected,
    postSeconds,
    acceptLatency: summarize(acceptTimes),
    screenLatency: summarize(screenTimes),
    drainSeconds: (lastArrival - firstPost) / 1000,
    onScreen: arrivals.size,
    missingOnScreen: wanted.size - arrivals.size,
    duplicateEvents: [...arrivals.values()].filter((a) => a.count > 1).length,
    lost: [...wanted].filter((id) => !stored.has(id)).length,
    duplicated: [...stored.values()].filter((count) => count > 1).length,
    ticketsTouched: tickets.size,
  };
}
