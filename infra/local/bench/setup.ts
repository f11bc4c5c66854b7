/**
 * The benchmark company, made through the public API like a customer would: a plan with room
 * for the agents (by the super user), the sign-up, one queue, a connected sandbox WhatsApp
 * connection on that queue, and the agents (profile user, in the queue); then the sign-ins.
 */
import { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { until } from '../../../functions/test/integration/support/until.ts';

export const superUser = { email: 'root@bench.test', password: 'Bench-root-1' };
export const agentPassword = 'agente1';

export interface Account {
  email: string;
  password: string;
  userId: number;
}

export interface CompanySetup {
  companyId: number;
  queueId: number;
  whatsappId: number;
  admin: Account;
  agents: Account[];
}

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Runs `task` over `inputs` with at most `lanes` at once, in order of the inputs. */
export async function inLanes<T, R>(inputs: readonly T[], lanes: number, task: (input: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, inputs.length) }, async () => {
      for (let index = next++; index < inputs.length; index = next++) results[index] = await task(inputs[index]!, index);
    }),
  );
  return results;
}

export async function setUpCompany(url: string, options: { agents: number; label: string }): Promise<CompanySetup> {
  const root = new ApiClient(url);
  expectStatus(await root.login(superUser.email, superUser.password), 200, 'super user sign-in');
  const plan = await root.post<{ id: number }>('/plans', {
    name: `Bench ${options.label}`,
    users: options.agents + 5,
    connections: 5,
    queues: 5,
    value: 0,
  });
  expectStatus(plan, 201, 'creating the plan');

  const admin = new ApiClient(url);
  const adminAccount = { email: `admin-${options.label}@bench.test`, password: 'admin1' };
  const signup = await admin.post<{ id: number }>('/companies/cadastro', {
    name: `Empresa ${options.label}`,
    email: adminAccount.email,
    phone: '(11) 98888-7777',
    password: adminAccount.password,
    planId: plan.body.id,
  });
  expectStatus(signup, 201, 'sign-up');
  const login = await admin.login(adminAccount.email, adminAccount.password);
  expectStatus(login, 200, 'admin sign-in');

  const queue = await admin.post<{ id: number }>('/queue', { name: 'Atención', color: '#2196f3' });
  expectStatus(queue, 201, 'creating the queue');
  const whatsapp = await admin.post<{ id: number }>('/whatsapp', { name: 'Sandbox', provider: 'sandbox', isDefault: true, queueIds: [queue.body.id] });
  expectStatus(whatsapp, 201, 'creating the sandbox connection');
  const statusIs = (wanted: string) => async () =>
    (await admin.get<{ status: string }>(`/whatsapp/${whatsapp.body.id}`)).body.status === wanted ? true : undefined;
  await until(statusIs('qrcode'), 'the sandbox QR', 60_000);
  expectStatus(await admin.post(`/sandbox/${whatsapp.body.id}/scan`), 202, 'scanning the sandbox QR');
  await until(statusIs('CONNECTED'), 'the sandbox connection', 60_000);

  const agents = await inLanes(
    Array.from({ length: options.agents }, (_, i) => i),
    4,
    async (i): Promise<Account> => {
      const email = `agente${i + 1}-${options.label}@bench.test`;
      const created = await admin.post<{ id: number }>('/users', {
        name: `Agente ${i + 1}`,
        email,
        password: agentPassword,
        profile: 'user',
        allTicket: 'desabled',
        queueIds: [queue.body.id],
      });
      expectStatus(created, 201, `creating agent ${i + 1}`);
      return { email, password: agentPassword, userId: created.body.id };
    },
  );
  return {
    companyId: signup.body.id,
    queueId: queue.body.id,
    whatsappId: whatsapp.body.id,
    admin: { ...adminAccount, userId: Number(login.body.user.id) },
    agents,
  };
}

export async function signIn(url: string, account: Account): Promise<ApiClient> {
  const client = new ApiClient(url);
  expectStatus(await client.login(account.email, account.password), 200, `sign-in of ${account.email}`);
  return client;
}
