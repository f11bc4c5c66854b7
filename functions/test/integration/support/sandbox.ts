/**
 * The WhatsApp sandbox as the integration tests drive it: a connection connected by simulating
 * the QR scan, customers writing to it, what it sent them, and companies with pending tickets.
 */
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { signUpCompany, type TestRuntime } from './runtime.ts';
import { until } from './until.ts';

/** What a customer sends through POST /sandbox/:id/inbound (media fields included). */
export type InboundMessage = { from: string; id?: string; name?: string; body?: string } & Record<
  string,
  unknown
>;
/** What the sandbox delivered to a customer. */
export type OutboxItem = { id: string; body: string; mediaType?: string | null; quotedId?: string | null };
/** The fields of a listed ticket that tell when a customer's message has made it pending. */
type PendingTicket = { id: number; unreadMessages: number; contact?: { number?: string } | null };

const statusOf = async (admin: ApiClient, id: number) =>
  (await admin.get<{ status: string }>(`/whatsapp/${id}`)).body.status;

/**
 * A sandbox connection named "Sandbox", the company's default (`fields` add to or replace those),
 * connected by simulating the QR scan; answers its id.
 */
export async function connectSandbox(
  admin: ApiClient,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const created = await admin.post<{ id: number }>('/whatsapp', {
    name: 'Sandbox',
    provider: 'sandbox',
    isDefault: true,
    ...fields,
  });
  expect(created.status, `connection: ${JSON.stringify(created.body)}`).toBe(201);
  const id = created.body.id;
  await until(async () => ((await statusOf(admin, id)) === 'qrcode' ? true : undefined), 'the QR');
  expect((await admin.post(`/sandbox/${id}/scan`)).status).toBe(202);
  await until(async () => ((await statusOf(admin, id)) === 'CONNECTED' ? true : undefined), 'CONNECTED');
  return id;
}

/** A customer's message arriving at the connection (the sandbox takes it: 202). */
export async function customerWrites(
  admin: ApiClient,
  whatsappId: number,
  message: InboundMessage,
): Promise<void> {
  const sent = await admin.post(`/sandbox/${whatsappId}/inbound`, message);
  expect(sent.status, `inbound ${message.id ?? ''}: ${JSON.stringify(sent.body)}`).toBe(202);
}

/** What the connection has sent to a customer's number, oldest first. */
export async function outboxOf<T = OutboxItem>(
  admin: ApiClient,
  whatsappId: number,
  to: string,
): Promise<T[]> {
  return (await admin.get<T[]>(`/sandbox/${whatsappId}/outbox?to=${to}`)).body;
}

/**
 * Waits until each customer number has a pending ticket holding its message (a ticket is written
 * just before its first message); answers them in the numbers' order. Other customers' pending
 * tickets do not count.
 */
export async function pendingTicketsOf<T extends { id: number }>(
  admin: ApiClient,
  numbers: string[],
): Promise<T[]> {
  return until(async () => {
    const list = await admin.get<{ tickets: (T & PendingTicket)[] }>('/tickets?status=pending&showAll=true');
    // Each customer's chat is its own queue group, so the tickets may come in any order.
    const byNumber = (t: T & PendingTicket) => numbers.indexOf(t.contact?.number ?? '');
    const ready = list.body.tickets.filter((t) => t.unreadMessages > 0 && byNumber(t) >= 0);
    return ready.length === numbers.length ? ready.sort((a, b) => byNumber(a) - byNumber(b)) : undefined;
  }, 'the pending tickets');
}

/**
 * A company signed up with its admin, a connected sandbox connection, and a pending ticket per
 * customer, in the customers' order. A customer given as a number says `hola <n>` as `Cliente <n>`.
 */
export async function companyWithTickets<T extends { id: number } = PendingTicket>(
  env: TestRuntime,
  label: string,
  customers: (string | InboundMessage)[],
) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const whatsappId = await connectSandbox(admin);
  const messages = customers.map((customer, i) =>
    typeof customer === 'string'
      ? { from: customer, name: `Cliente ${i + 1}`, body: `hola ${i + 1}`, id: `${label}-${i}` }
      : customer,
  );
  for (const message of messages) await customerWrites(admin, whatsappId, message);
  const tickets = await pendingTicketsOf<T>(
    admin,
    messages.map((message) => message.from),
  );
  return { admin, company, whatsappId, tickets };
}

/** A company with a connected sandbox connection and the pending ticket of one customer, "Cliente", who said "hola". */
export async function companyWithPendingTicket<T extends { id: number } = PendingTicket>(
  env: TestRuntime,
  label: string,
  from = '5511980000001',
) {
  const { tickets, ...rest } = await companyWithTickets<T>(env, label, [
    { from, name: 'Cliente', body: 'hola', id: `${label}-1` },
  ]);
  return { ...rest, ticket: tickets[0]! };
}
