/**
 * The WhatsApp sandbox as the browser tests drive it through the API: a connection connected by
 * simulating the QR scan, customers writing to it, what it sent them, and their pending tickets.
 */
import { expect } from 'vitest';
import { until, type Caller } from './app.ts';

/** What a customer sends through POST /sandbox/:id/inbound. */
export type InboundMessage = { from: string; name?: string; body?: string; id?: string };

/** A sandbox connection, the company's default, connected by simulating the QR scan; answers its id. */
export async function connectSandbox(
  api: Caller,
  connection: { name: string } & Record<string, unknown>,
): Promise<number> {
  const created = await api<{ id: number }>('POST', '/whatsapp', {
    provider: 'sandbox',
    isDefault: true,
    ...connection,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const status = async () => (await api<{ status?: string }>('GET', `/whatsapp/${id}`)).body?.status;
  await until(async () => (await status()) === 'qrcode', 45_000, 'the QR');
  expect((await api('POST', `/sandbox/${id}/scan`)).status).toBeLessThan(300);
  await until(async () => (await status()) === 'CONNECTED', 45_000, 'CONNECTED');
  return id;
}

/** A customer's message arriving at the connection. */
export async function customerWrites(
  api: Caller,
  whatsappId: number,
  message: InboundMessage,
): Promise<void> {
  expect((await api('POST', `/sandbox/${whatsappId}/inbound`, message)).status).toBeLessThan(300);
}

/** What the connection has sent to a customer's number, oldest first (none yet: empty). */
export async function outboxOf<T = { id: string; body: string }>(
  api: Caller,
  whatsappId: number,
  to: string,
): Promise<T[]> {
  return (await api<T[] | undefined>('GET', `/sandbox/${whatsappId}/outbox?to=${to}`)).body ?? [];
}

/** The pending ticket of a customer, once their message has become one. */
export async function pendingTicketOf<T extends { contact?: { name?: string } | null }>(
  api: Caller,
  name: string,
): Promise<T> {
  let found: T | undefined;
  await until(
    async () => {
      const list = await api<{ tickets: T[] }>('GET', '/tickets?status=pending&showAll=true');
      found = list.body.tickets.find((ticket) => ticket.contact?.name === name);
      return found !== undefined;
    },
    30_000,
    `the pending ticket of ${name}`,
  );
  return found!;
}
