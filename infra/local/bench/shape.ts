/**
 * The benchmark's data, generated from a seed so every run of a size holds the same company:
 * the anchors' shape (docs/performance.md) — N tickets of one queue, 10 % open, 30 % pending and
 * 60 % closed, created over the last 90 days, 5 messages each — plus the contacts they belong to
 * (each open or pending ticket is its contact's current one; closed tickets are older
 * conversations of the same contacts), the agents' search words and the customers of the burst.
 *
 * Pure (no product imports), so it is unit-tested; items.ts turns it into the table's items.
 */

export const shapeVersion = 1;

const dayMs = 86_400_000;
const minuteMs = 60_000;
/** How far back tickets were created. */
export const spanDays = 90;
export const statusShares = { open: 0.1, pending: 0.3 } as const;

/** Deterministic 32-bit generator (mulberry32): the same seed gives the same company. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function integerBetween(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

const firstNames = [
  'Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabio', 'Gabriela', 'Hugo', 'Isabel', 'Joao', 'Karina', 'Lucas',
  'Mariana', 'Nicolas', 'Olga', 'Pablo', 'Renata', 'Sergio', 'Tatiana', 'Ulises', 'Valeria', 'Wagner', 'Ximena',
  'Yago', 'Zoe', 'Andres', 'Beatriz', 'Camilo', 'Daniela', 'Eduardo', 'Fernanda', 'Gustavo', 'Helena', 'Ignacio',
  'Julia', 'Leonardo', 'Marcela', 'Natalia', 'Oscar', 'Patricia',
] as const;
const surnames = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa',
  'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias',
  'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos',
  'Goncalves', 'Santana', 'Teixeira', 'Garcia', 'Martinez', 'Romero', 'Torres', 'Castro',
] as const;
const areaCodes = ['11', '21', '31', '41', '47', '48', '51', '61', '71', '81', '85'] as const;
const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;

/** Short chat lines, as customers and agents write them; {month} and {order} are filled in. */
const greetings = ['hola', 'buenas', 'buen dia', 'hola buenas'] as const;
const topics = ['factura {month}', 'pedido {order}', 'cambio de plan', 'pago {month}', 'nueva direccion', 'producto roto'] as const;
const agentLines = ['ya reviso', 'un momento', 'claro'] as const;
const followUps = ['gracias', 'ok', 'perfecto'] as const;
const closings = ['resuelto', 'listo'] as const;
/** The words of the topics an agent may search for (the heavy, many-matches search). */
export const topicWords = ['factura', 'pedido', 'pago', 'cambio', 'direccion', 'producto'] as const;

export type TicketStatus = 'open' | 'pending' | 'closed';

export interface ContactSpec {
  /** Its id in the company (1..K). */
  id: number;
  name: string;
  /** 13 digits, e.g. 5511987654321. */
  number: string;
  createdAt: string;
}

export interface TicketSpec {
  /** Its id in the company (1..N), in creation order. */
  id: number;
  contactId: number;
  status: TicketStatus;
  /** Index (0-based) of the agent it is assigned to; open and closed tickets only. */
  agent: number | undefined;
  createdAt: string;
  /** Last activity (the last message, or the close): the lists' order. */
  activityAt: string;
  lastMessageAt: string;
  /** When an agent accepted it (open and closed). */
  acceptedAt: string | undefined;
  closedAt: string | undefined;
  unreadMessages: number;
  /** Whether its messages are written as items (the agents open these). */
  opened: boolean;
  /** Inputs of its conversation: messagesOf() rebuilds the 5 messages from them. */
  topic: number;
  month: number;
  order: number;
}

export interface MessageSpec {
  body: string;
  fromMe: boolean;
  at: string;
}

export interface SearchQuery {
  kind: 'name' | 'phone' | 'order' | 'word';
  text: string;
}

export interface Shape {
  tickets: TicketSpec[];
  contacts: ContactSpec[];
  counts: Record<TicketStatus, number>;
  /** Per agent, the tickets whose messages they open and answer. */
  openedByAgent: number[][];
  /** Per agent, the searches it repeats (one of each kind). */
  searchesByAgent: SearchQuery[][];
  nowMs: number;
}

export interface ShapeParams {
  tickets: number;
  agents: number;
  openedPerAgent: number;
  nowMs: number;
  seed?: number;
}

/** How many tickets of each status a size has: exactly the anchors' shares, rounded. */
export function statusCounts(tickets: number): Record<TicketStatus, number> {
  const open = Math.round(tickets * statusShares.open);
  const pending = Math.round(tickets * statusShares.pending);
  return { open, pending, closed: tickets - open - pending };
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export function generateShape(params: ShapeParams): Shape {
  const { tickets: size, agents, nowMs } = params;
  const random = randomSource(params.seed ?? 20_240_601 + size);
  const counts = statusCounts(size);
  const contactCount = Math.max(1, counts.open + counts.pending);

  // Creation instants, spread evenly at random over the 90 days and sorted: ids follow them.
  const start = nowMs - spanDays * dayMs;
  const latest = nowMs - 10 * minuteMs;
  const created = Array.from({ length: size }, () => start + random() * (latest - start)).sort((a, b) => a - b);

  const statusOf: TicketStatus[] = new Array(size);
  const contactOf: number[] = new Array(size);
  const order = shuffled(size, random);
  order.forEach((ticketIndex, position) => {
    statusOf[ticketIndex] = position < counts.open ? 'open' : position < counts.open + counts.pending ? 'pending' : 'closed';
    // Each open or pending ticket is the current ticket of its own contact.
    contactOf[ticketIndex] = position < counts.open + counts.pending ? position + 1 : integerBetween(random, 1, contactCount);
  });

  const tickets: TicketSpec[] = [];
  const firstTicketAt = new Array<number>(contactCount + 1).fill(Number.POSITIVE_INFINITY);
  const openedByAgent: number[][] = Array.from({ length: agents }, () => []);
  let openDealt = 0;
  for (let index = 0; index < size; index += 1) {
    const status = statusOf[index]!;
    const createdMs = created[index]!;
    // Five messages over up to two hours, never later than now.
    const lastMessageMs = Math.min(createdMs + integerBetween(random, 4, 120) * minuteMs, nowMs - 1_000);
    const acceptedMs = status === 'pending' ? undefined : Math.min(createdMs + integerBetween(random, 1, 30) * minuteMs, lastMessageMs);
    const closedMs = status === 'closed' ? Math.min(lastMessageMs + integerBetween(random, 1, 20) * minuteMs, nowMs - 1_000) : undefined;
    // Open tickets are dealt to the agents in turn (each has its share to work on); closed ones
    // were handled by anyone.
    const agent = status === 'pending' ? undefined : status === 'open' ? openDealt++ % agents : integerBetween(random, 0, agents - 1);
    const ticket: TicketSpec = {
      id: index + 1,
      contactId: contactOf[index]!,
      status,
      agent,
      createdAt: isoOf(createdMs),
      activityAt: isoOf(closedMs ?? lastMessageMs),
      lastMessageAt: isoOf(lastMessageMs),
      acceptedAt: acceptedMs === undefined ? undefined : isoOf(acceptedMs),
      closedAt: closedMs === undefined ? undefined : isoOf(closedMs),
      unreadMessages: status === 'pending' ? 5 : 0,
      opened: false,
      topic: integerBetween(random, 0, topics.length - 1),
      month: integerBetween(random, 0, months.length - 1),
      order: integerBetween(random, 10_000, 99_999),
    };
    if (status === 'open' && agent !== undefined && openedByAgent[agent]!.length < params.openedPerAgent) {
      ticket.opened = true;
      openedByAgent[agent]!.push(ticket.id);
    }
    firstTicketAt[ticket.contactId] = Math.min(firstTicketAt[ticket.contactId]!, createdMs);
    tickets.push(ticket);
  }

  const numbers = new Set<string>();
  const contacts: ContactSpec[] = [];
  for (let id = 1; id <= contactCount; id += 1) {
    let number: string;
    do number = `55${pick(random, areaCodes)}9${String(integerBetween(random, 0, 99_999_999)).padStart(8, '0')}`;
    while (numbers.has(number));
    numbers.add(number);
    const firstTicket = Number.isFinite(firstTicketAt[id]!) ? firstTicketAt[id]! : latest;
    contacts.push({
      id,
      name: `${pick(random, firstNames)} ${pick(random, surnames)}`,
      number,
      createdAt: isoOf(firstTicket - integerBetween(random, 1, 600) * minuteMs),
    });
  }

  const searchesByAgent = Array.from({ length: agents }, (_, agent): SearchQuery[] => {
    const someContact = contacts[integerBetween(random, 0, contacts.length - 1)]!;
    const otherContact = contacts[integerBetween(random, 0, contacts.length - 1)]!;
    const someOrder = tickets.length > 0 ? tickets[integerBetween(random, 0, tickets.length - 1)]!.order : 12_345;
    return [
      { kind: 'name', text: someContact.name.toLowerCase() },
      { kind: 'phone', text: otherContact.number.slice(-8) },
      { kind: 'order', text: String(someOrder) },
      { kind: 'word', text: topicWords[agent % topicWords.length]! },
    ];
  });

  return { tickets, contacts, counts, openedByAgent, searchesByAgent, nowMs };
}

/** The five messages of a ticket, rebuilt from its inputs (customer, customer, agent, customer, agent; all customer while pending). */
export function messagesOf(ticket: TicketSpec): MessageSpec[] {
  const random = randomSource(ticket.id * 7_919 + ticket.topic);
  const topic = topics[ticket.topic]!.replace('{month}', months[ticket.month]!).replace('{order}', String(ticket.order));
  const bodies = [pick(random, greetings), topic, pick(random, agentLines), pick(random, followUps), pick(random, closings)];
  const fromMe = ticket.status === 'pending' ? [false, false, false, false, false] : [false, false, true, false, true];
  const first = Date.parse(ticket.createdAt);
  const step = (Date.parse(ticket.lastMessageAt) - first) / 4;
  return bodies.map((body, index) => ({ body, fromMe: fromMe[index]!, at: isoOf(Math.round(first + step * index)) }));
}

/** The customers of the burst: most are seeded contacts, one in five a number never seen. */
export function burstPlan(shape: Shape, messages: number, customers: number, seed = 7): { from: string; name: string; known: boolean; body: string }[] {
  const random = randomSource(seed + messages);
  const newCount = Math.floor(customers / 5);
  const knownCount = Math.min(customers - newCount, shape.contacts.length);
  const chosen = shuffled(shape.contacts.length, random).slice(0, knownCount).map((i) => shape.contacts[i]!);
  const senders: { from: string; name: string; known: boolean }[] = chosen.map((c) => ({ from: c.number, name: c.name, known: true }));
  const taken = new Set(shape.contacts.map((c) => c.number));
  while (senders.length < customers) {
    const number = `55${pick(random, areaCodes)}8${String(integerBetween(random, 0, 99_999_999)).padStart(8, '0')}`;
    if (taken.has(number)) continue;
    taken.add(number);
    senders.push({ from: number, name: `${pick(random, firstNames)} ${pick(random, surnames)}`, known: false });
  }
  return Array.from({ length: messages }, (_, i) => {
    const sender = senders[i % senders.length]!;
    const topic = topics[integerBetween(random, 0, topics.length - 1)]!
      .replace('{month}', pick(random, months))
      .replace('{order}', String(integerBetween(random, 10_000, 99_999)));
    return { ...sender, body: i < senders.length ? `${pick(random, greetings)} ${topic}` : pick(random, [...followUps, topic]) };
  });
}

/** Adds `value` to a numeric field of a record, creating it. */
function add(fields: Record<string, number>, name: string, value: number): void {
  fields[name] = (fields[name] ?? 0) + value;
}

/**
 * The dashboard's day buckets of the seeded history, with the attributes the dashboard
 * aggregator writes (docs/metrics.md): conversations started (st, and per hour hNN), finished
 * (fin), waiting, support and first-response time sums and counts, new contacts (leads), and the
 * same per agent (u<userId>_<metric>). `dayHourOf` is the product's calendar (company time zone).
 */
export function dashboardDays(
  shape: Shape,
  userIdOf: (agent: number) => number,
  dayHourOf: (instant: string) => { day: string; hour: string },
): Map<string, Record<string, number>> {
  const days = new Map<string, Record<string, number>>();
  const fieldsOf = (instant: string) => {
    const { day, hour } = dayHourOf(instant);
    let fields = days.get(day);
    if (!fields) days.set(day, (fields = {}));
    return { fields, hour };
  };
  for (const ticket of shape.tickets) {
    const start = fieldsOf(ticket.createdAt);
    add(start.fields, 'st', 1);
    add(start.fields, `h${start.hour}`, 1);
    if (ticket.acceptedAt === undefined || ticket.agent === undefined) continue;
    const userId = userIdOf(ticket.agent);
    const accepted = fieldsOf(ticket.acceptedAt).fields;
    const waitMs = Date.parse(ticket.acceptedAt) - Date.parse(ticket.createdAt);
    add(accepted, 'waitS', waitMs);
    add(accepted, 'waitN', 1);
    const firstReply = messagesOf(ticket).find((m) => m.fromMe);
    if (firstReply) {
      const replied = fieldsOf(firstReply.at).fields;
      const frtMs = Math.max(0, Date.parse(firstReply.at) - Date.parse(ticket.createdAt));
      for (const name of ['frtS', `u${userId}_frtS`]) add(replied, name, frtMs);
      for (const name of ['frtN', `u${userId}_frtN`]) add(replied, name, 1);
    }
    if (ticket.closedAt !== undefined) {
      const closed = fieldsOf(ticket.closedAt).fields;
      const supportMs = Date.parse(ticket.closedAt) - Date.parse(ticket.acceptedAt);
      for (const name of ['fin', `u${userId}_fin`]) add(closed, name, 1);
      for (const name of ['supS', `u${userId}_supS`]) add(closed, name, supportMs);
      for (const name of ['supN', `u${userId}_supN`]) add(closed, name, 1);
    }
  }
  for (const contact of shape.contacts) add(fieldsOf(contact.createdAt).fields, 'leads', 1);
  return days;
}
