/** The company's people in integration tests: users other than the admin, signed in on their own client. */
import { expect } from 'vitest';
import { ApiClient } from './api-client.ts';

/**
 * A user of the admin's company (an agent: profile user, every ticket, no queues, unless
 * `overrides` say otherwise), named `Agente <name>`, signed in on a client of their own.
 */
export async function agentOf(
  admin: ApiClient,
  companyId: number,
  name: string,
  overrides: Record<string, unknown> = {},
) {
  const email = `${name}-${companyId}@example.com`;
  const created = await admin.post<{ id: number } & Record<string, unknown>>('/users', {
    name: `Agente ${name}`,
    email,
    password: 'secret1',
    profile: 'user',
    allTicket: 'enabled',
    queueIds: [],
    ...overrides,
  });
  expect(created.status, `user ${name}: ${JSON.stringify(created.body)}`).toBe(201);
  const agent = new ApiClient(admin.baseUrl);
  expect((await agent.login(email, 'secret1')).status, `login ${email}`).toBe(200);
  return { agent, userId: created.body.id, user: created.body };
}
