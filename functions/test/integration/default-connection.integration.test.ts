import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime } from './support/runtime.ts';

/**
 * core §3 User.whatsappId: a user's own connection is the default for the tickets they start
 * (POST /tickets naming no connection); a named one still wins, users without one get the
 * company's default, and a deleted own connection falls back to the default.
 */
let env: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = { id: number; whatsappId: number };

describe('POST /tickets without a connection', () => {
  let admin: ApiClient;
  let agent: ApiClient;
  let companyDefault = 0;
  let sales = 0;
  let queueId = 0;
  let contactNumber = 5511977100000;

  const connection = async (name: string, isDefault: boolean) => {
    const created = await admin.post<{ id: number }>('/whatsapp', { name, provider: 'sandbox', isDefault });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id;
  };
  const contact = async () => {
    contactNumber += 1;
    const created = await admin.post<{ id: number }>('/contacts', {
      name: `Cliente ${contactNumber}`,
      number: String(contactNumber),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id;
  };
  const start = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<Ticket>('/tickets', { contactId: body.contactId, status: 'open', queueId, ...body });

  beforeAll(async () => {
    admin = env.client();
    const company = await signUpCompany(admin, 'Conexiones');
    companyDefault = await connection('Principal', true);
    sales = await connection('Ventas', false);
    const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#2196f3' });
    expect(queue.status).toBe(201);
    queueId = queue.body.id;
    ({ agent } = await agentOf(admin, company.companyId, 'vendedora', {
      queueIds: [queueId],
      whatsappId: sales,
    }));
  });

  it('uses the starter’s own connection', async () => {
    const started = await start(agent, { contactId: await contact() });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.whatsappId).toBe(sales);
    expect((await agent.get<Ticket>(`/tickets/${started.body.id}`)).body.whatsappId).toBe(sales);
  });

  it('still uses the connection the request names', async () => {
    const started = await start(agent, { contactId: await contact(), whatsappId: companyDefault });
    expect(started.status).toBe(201);
    expect(started.body.whatsappId).toBe(companyDefault);
  });

  it('gives a user without a connection of their own the company’s default', async () => {
    const started = await start(admin, { contactId: await contact() });
    expect(started.status).toBe(201);
    expect(started.body.whatsappId).toBe(companyDefault);
  });

  it('falls back to the company’s default once the own connection is gone', async () => {
    expect((await admin.delete(`/whatsapp/${sales}`)).status).toBeLessThan(300);
    const started = await start(agent, { contactId: await contact() });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.whatsappId).toBe(companyDefault);
  });
});
