import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LiveFrame } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Chat = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  users: { userId: number; unreads: number; user: { id: number; name: string } }[];
  lastMessage: string;
  updatedAt: string;
};
type ChatMessage = {
  id: number;
  chatId: number;
  senderId: number;
  sender: { name: string };
  message: string;
  createdAt: string;
};
type ChatPage = { records: Chat[]; hasMore: boolean };
type MessagePage = { records: ChatMessage[]; hasMore: boolean };

/** A company, its admin and three agents. */
async function team(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const ana = await agentOf(admin, company.companyId, 'ana');
  const beto = await agentOf(admin, company.companyId, 'beto');
  const caro = await agentOf(admin, company.companyId, 'caro');
  return { admin, company, ana, beto, caro };
}

const unreadsOf = (chat: Chat | undefined, userId: number) =>
  chat?.users.find((u) => u.userId === userId)?.unreads;
const chatEvents = (frames: LiveFrame[]) => frames.filter((frame) => frame.event === 'chat');

describe('internal chat', () => {
  it('lets members read and write, counts unreads per member and clears them on read', async () => {
    const { ana, beto, caro } = await team('Charla');
    const created = await ana.agent.post<Chat>('/chats', {
      title: '  Turno noche ',
      users: [{ id: beto.userId, name: 'falso' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Turno noche', ownerId: ana.userId, lastMessage: '' });
    // The owner is a member; names are the company's, not the client's.
    expect(created.body.users.map((u) => [u.userId, u.user.name]).sort()).toEqual(
      [
        [ana.userId, 'Agente ana'],
        [beto.userId, 'Agente beto'],
      ].sort(),
    );
    const chatId = created.body.id;

    // Blank messages are refused; members write.
    const blank = await beto.agent.post(`/chats/${chatId}/messages`, { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const sent = await ana.agent.post<ChatMessage>(`/chats/${chatId}/messages`, { message: 'hola Beto' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      chatId,
      senderId: ana.userId,
      sender: { name: 'Agente ana' },
      message: 'hola Beto',
    });
    await ana.agent.post(`/chats/${chatId}/messages`, { message: '¿estás?' });

    const betoList = (await beto.agent.get<ChatPage>('/chats')).body;
    expect(betoList.records).toHaveLength(1);
    expect(betoList.records[0]).toMatchObject({ id: chatId, lastMessage: '¿estás?' });
    expect(unreadsOf(betoList.records[0], beto.userId)).toBe(2);
    expect(unreadsOf((await ana.agent.get<ChatPage>('/chats')).body.records[0], ana.userId)).toBe(0);

    // A reply counts for Ana, not for Beto.
    await beto.agent.post(`/chats/${chatId}/messages`, { message: 'sí' });
    expect(unreadsOf((await ana.agent.get<ChatPage>('/chats')).body.records[0], ana.userId)).toBe(1);
    expect(unreadsOf((await beto.agent.get<ChatPage>('/chats')).body.records[0], beto.userId)).toBe(2);

    // Reading clears only one's own count; another user's id is refused.
    expect((await beto.agent.post(`/chats/${chatId}/read`, { userId: ana.userId })).status).toBe(403);
    expect((await beto.agent.post(`/chats/${chatId}/read`, { userId: beto.userId })).status).toBe(204);
    expect(unreadsOf((await beto.agent.get<ChatPage>('/chats')).body.records[0], beto.userId)).toBe(0);
    expect(unreadsOf((await ana.agent.get<ChatPage>('/chats')).body.records[0], ana.userId)).toBe(1);

    // History, oldest first within the page.
    const history = (await beto.agent.get<MessagePage>(`/chats/${chatId}/messages`)).body;
    expect(history.records.map((m) => m.message)).toEqual(['hola Beto', '¿estás?', 'sí']);
    expect(history.hasMore).toBe(false);

    // Caro is not a member: the chat does not exist for her, nor is it in her list.
    expect((await caro.agent.get(`/chats/${chatId}/messages`)).status).toBe(404);
    expect((await caro.agent.post(`/chats/${chatId}/messages`, { message: 'intrusa' })).status).toBe(404);
    expect((await caro.agent.post(`/chats/${chatId}/read`, {})).status).toBe(404);
    expect((await caro.agent.get<ChatPage>('/chats')).body.records).toEqual([]);
  });

  it('pages the history from the newest', async () => {
    const { ana, beto } = await team('Historial');
    const chat = (await ana.agent.post<Chat>('/chats', { title: 'Largo', users: [{ id: beto.userId }] }))
      .body;
    for (let i = 1; i <= 25; i += 1) {
      expect((await ana.agent.post(`/chats/${chat.id}/messages`, { message: `m${i}` })).status).toBe(201);
    }
    const first = (await beto.agent.get<MessagePage>(`/chats/${chat.id}/messages?pageNumber=1`)).body;
    expect(first.hasMore).toBe(true);
    expect(first.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    const second = (await beto.agent.get<MessagePage>(`/chats/${chat.id}/messages?pageNumber=2`)).body;
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(unreadsOf((await beto.agent.get<ChatPage>('/chats')).body.records[0], beto.userId)).toBe(25);
  });

  it('lets only the owner edit or delete; members taken out lose the chat', async () => {
    const { ana, beto, caro } = await team('Dueña');
    const chat = (
      await ana.agent.post<Chat>('/chats', {
        title: 'Equipo',
        users: [{ id: beto.userId }, { id: caro.userId }],
      })
    ).body;
    await beto.agent.post(`/chats/${chat.id}/messages`, { message: 'hola' });

    expect((await beto.agent.put(`/chats/${chat.id}`, { title: 'Mío' })).status).toBe(403);
    expect((await beto.agent.delete(`/chats/${chat.id}`)).status).toBe(403);
    const missingTitle = await ana.agent.put(`/chats/${chat.id}`, {
      title: ' ',
      users: [{ id: beto.userId }],
    });
    expect(missingTitle.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ message: 'Por favor, complete el título de la conversación.' }],
    });
    const noUsers = await ana.agent.post('/chats', { title: 'Sola', users: [] });
    expect(noUsers.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ message: 'Por favor, seleccione al menos un usuario.' }],
    });

    const edited = await ana.agent.put<Chat>(`/chats/${chat.id}`, {
      title: 'Equipo B',
      users: [{ id: beto.userId }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.users.map((u) => u.userId).sort()).toEqual([ana.userId, beto.userId].sort());
    const betoView = (await beto.agent.get<ChatPage>('/chats')).body.records[0];
    expect(betoView).toMatchObject({ title: 'Equipo B', lastMessage: 'hola' });
    expect((await caro.agent.get<ChatPage>('/chats')).body.records).toEqual([]);
    expect((await caro.agent.get(`/chats/${chat.id}/messages`)).status).toBe(404);

    expect((await ana.agent.delete(`/chats/${chat.id}`)).status).toBe(204);
    expect((await beto.agent.get<ChatPage>('/chats')).body.records).toEqual([]);
    expect((await beto.agent.get(`/chats/${chat.id}/messages`)).status).toBe(404);
    expect((await ana.agent.delete(`/chats/${chat.id}`)).status).toBe(404);
  });

  it('refuses users of another company as members, and keeps chats to their company', async () => {
    const one = await team('Una');
    const other = await team('Otra');
    const refused = await one.ana.agent.post('/chats', {
      title: 'Mezcla',
      users: [{ id: other.beto.userId + 1000 }],
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'ERR_NO_USER_FOUND' });
    const chat = (
      await one.ana.agent.post<Chat>('/chats', { title: 'Privada', users: [{ id: one.beto.userId }] })
    ).body;
    await one.ana.agent.post(`/chats/${chat.id}/messages`, { message: 'secreto' });
    // The same numeric ids exist in the other company: they name its users, never this chat.
    expect((await other.admin.get(`/chats/${chat.id}/messages`)).status).toBe(404);
    expect((await other.admin.put(`/chats/${chat.id}`, { title: 'robada' })).status).toBe(404);
    expect((await other.admin.delete(`/chats/${chat.id}`)).status).toBe(404);
    expect(JSON.stringify((await other.ana.agent.get('/chats')).body)).not.toContain('Privada');
  });

  it('sends live chat events to the members only, each with their own unread count', async () => {
    const { ana, beto, caro } = await team('En vivo');
    const [anaLive, betoLive, caroLive] = [
      await listen(ana.agent),
      await listen(beto.agent),
      await listen(caro.agent),
    ];
    try {
      const chat = (await ana.agent.post<Chat>('/chats', { title: 'Vivo', users: [{ id: beto.userId }] }))
        .body;
      await until(
        async () =>
          chatEvents(betoLive.frames).find(
            (f) => f.data.action === 'create' && (f.data.record as Chat).id === chat.id,
          ),
        'beto hears the new chat',
      );
      await ana.agent.post(`/chats/${chat.id}/messages`, { message: 'en vivo' });
      const message = await until(
        async () => chatEvents(betoLive.frames).find((f) => f.data.action === 'new-message'),
        'beto hears the message',
      );
      expect(message.data).toMatchObject({
        chatId: chat.id,
        record: { message: 'en vivo', senderId: ana.userId },
      });
      const counted = await until(
        async () =>
          chatEvents(betoLive.frames).find(
            (f) => f.data.action === 'update' && unreadsOf(f.data.record as Chat, beto.userId) === 1,
          ),
        'beto hears his unread count',
      );
      expect((counted.data.record as Chat).lastMessage).toBe('en vivo');
      await until(
        async () => chatEvents(anaLive.frames).find((f) => f.data.action === 'new-message'),
        'ana hears her message',
      );
      // Ana's own view never carries Beto's count.
      for (const frame of chatEvents(anaLive.frames).filter((f) => f.data.action === 'update')) {
        expect(unreadsOf(frame.data.record as Chat, beto.userId)).toBe(0);
      }
      await ana.agent.delete(`/chats/${chat.id}`);
      await until(
        async () =>
          chatEvents(betoLive.frames).find((f) => f.data.action === 'delete' && f.data.id === chat.id),
        'beto hears the delete',
      );
      // Caro, no member, heard nothing of it (her socket got the company's other events, if any).
      expect(chatEvents(caroLive.frames)).toEqual([]);
    } finally {
      for (const live of [anaLive, betoLive, caroLive]) live.socket.close();
    }
  });

  it('refuses every route when the plan turns internal chat off', async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin chat ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useInternalChat: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-chat-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin chat ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const admin = env.client();
    expect((await admin.login(email, 'secret1')).status).toBe(200);
    const calls = [
      admin.get('/chats'),
      admin.post('/chats', { title: 'No', users: [{ id: 1 }] }),
      admin.put('/chats/1', { title: 'No' }),
      admin.delete('/chats/1'),
      admin.get('/chats/1/messages'),
      admin.post('/chats/1/messages', { message: 'no' }),
      admin.post('/chats/1/read', {}),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
