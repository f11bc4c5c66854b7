import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The chatbot's menus as WhatsApp lists and buttons (setting chatBotType; docs/chatbot.md,
 * "Menus as lists and buttons"), played through the sandbox: the company sets list, a new
 * customer gets the queue menu as a list, taps a row and lands in that queue, once under
 * redelivery; typing the number still works; the agents' chat shows the menu.
 */

let env: TestRuntime;
let numbers = 0;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Menu = { type: 'list' | 'buttons'; title?: string; buttonText?: string; rows: { id: string; title: string }[] };
type Sent = { id: string; body: string; menu?: Menu | null };
type Ticket = { id: number; queueId: number | null; chatbot: boolean; contact: { number: string } | null };

const greeting = '¡Hola! Elija un sector:';
const menuText = `${greeting}\n\n*1* - Ventas\n*2* - Soporte`;
const soporteRoot = 'Bienvenido a Soporte\n\n*1* - Internet\n*2* - Teléfono\n\n*0* - Volver\n*#* - Menú principal';

async function companyWith(label: string, chatBotType: string) {
  const admin = env.client();
  await signUpCompany(admin, label);
  const ventas = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#f44336', greetingMessage: 'Bienvenido a Ventas' });
  const soporte = await admin.post<{ id: number }>('/queue', { name: 'Soporte', color: '#2196f3', greetingMessage: 'Bienvenido a Soporte' });
  expect([ventas.status, soporte.status]).toEqual([201, 201]);
  for (const [title, message, option] of [
    ['Internet', 'Revise el router', '1'],
    ['Teléfono', 'Un agente le llamará', '2'],
  ]) {
    const created = await admin.post('/queue-options', { queueId: soporte.body.id, parentId: null, title, message, option });
    expect(created.status).toBe(201);
  }
  expect((await admin.put('/settings/chatBotType', { value: chatBotType })).status).toBe(200);
  const wid = await connectSandbox(admin, { greetingMessage: greeting, queueIds: [ventas.body.id, soporte.body.id] });
  return { admin, wid, ventasId: ventas.body.id, soporteId: soporte.body.id };
}

class Customer {
  readonly number = `55119733${String((numbers += 1)).padStart(5, '0')}`;
  constructor(
    private readonly admin: ApiClient,
    private readonly wid: number,
  ) {}

  send(message: Record<string, unknown>) {
    return customerWrites(this.admin, this.wid, { from: this.number, name: 'Cliente', ...message });
  }

  outbox() {
    return outboxOf<Sent>(this.admin, this.wid, this.number);
  }

  heard(count: number): Promise<Sent[]> {
    return until(async () => {
      const box = await this.outbox();
      return box.length >= count ? box : undefined;
    }, `${count} replies to ${this.number}`);
  }

  ticket(): Promise<Ticket> {
    return until(async () => {
      const list = await this.admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true');
      return list.body.tickets.find((t) => t.contact?.number === this.number);
    }, `ticket of ${this.number}`);
  }
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 1_500));

describe('chatBotType list', () => {
  it('a new customer gets the menu as a list, taps a row and lands in the queue, once', async () => {
    const { admin, wid, soporteId } = await companyWith('Menú en lista', 'list');
    const customer = new Customer(admin, wid);
    await customer.send({ id: 'LIST-1', body: 'hola' });
    const [menu] = await customer.heard(1);
    // The numbered text is the body (any phone shows it); the list rides with it.
    expect(menu).toMatchObject({
      body: menuText,
      menu: {
        type: 'list',
        title: greeting,
        buttonText: 'Ver opciones',
        rows: [
          { id: '1', title: 'Ventas' },
          { id: '2', title: 'Soporte' },
        ],
      },
    });

    // The customer taps "Soporte": the sandbox sends the row's id, its title as the text.
    await customer.send({ id: 'LIST-2', selectedId: '2' });
    const box = await customer.heard(2);
    expect(box[1]).toMatchObject({
      body: soporteRoot,
      menu: {
        type: 'list',
        title: 'Bienvenido a Soporte',
        rows: [
          { id: '1', title: 'Internet' },
          { id: '2', title: 'Teléfono' },
          { id: '0', title: 'Volver' },
          { id: '#', title: 'Menú principal' },
        ],
      },
    });
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ queueId: soporteId, chatbot: true });

    // The tap is stored as the customer's phone shows it; the menus with their rows.
    const page = await admin.get<{ messages: { id: string; body: string; fromMe: boolean; menu: Menu | null }[] }>(`/messages/${ticket.id}`);
    const tap = page.body.messages.find((m) => m.id === 'LIST-2');
    expect(tap).toMatchObject({ body: 'Soporte', fromMe: false, menu: null });
    const menus = page.body.messages.filter((m) => m.fromMe && m.menu);
    expect(menus.map((m) => [m.body, m.menu?.type, m.menu?.rows.length])).toEqual([
      [menuText, 'list', 2],
      [soporteRoot, 'list', 4],
    ]);

    // The same tap delivered again: nothing more is said, the ticket stays where it is.
    await customer.send({ id: 'LIST-2', selectedId: '2' });
    await quiet();
    expect(await customer.outbox()).toHaveLength(2);

    // Typing the number works as well as tapping: "2" at Soporte's level is the leaf Teléfono.
    await customer.send({ id: 'LIST-3', body: '2' });
    const after = await customer.heard(3);
    expect(after[2]).toMatchObject({ body: 'Un agente le llamará' });
    expect(after[2]?.menu ?? null).toBeNull();
    expect(await customer.ticket()).toMatchObject({ queueId: soporteId, chatbot: false });
  });
});

describe('chatBotType button', () => {
  it('two queues go as buttons; an option level with Volver and Menú principal (4 rows) as a list', async () => {
    const { admin, wid, soporteId } = await companyWith('Menú en botones', 'button');
    const customer = new Customer(admin, wid);
    await customer.send({ id: 'BTN-1', body: 'hola' });
    const [menu] = await customer.heard(1);
    expect(menu).toMatchObject({ body: menuText, menu: { type: 'buttons', rows: [{ id: '1', title: 'Ventas' }, { id: '2', title: 'Soporte' }] } });
    await customer.send({ id: 'BTN-2', selectedId: '2' });
    const box = await customer.heard(2);
    expect(box[1]?.menu).toMatchObject({ type: 'list', rows: [{ id: '1' }, { id: '2' }, { id: '0' }, { id: '#' }] });
    expect(await customer.ticket()).toMatchObject({ queueId: soporteId });
  });
});
