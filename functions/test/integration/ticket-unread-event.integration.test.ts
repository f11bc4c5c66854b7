/**
 * The `updateUnread` ticket action (core §4 Live updates, issue #29): whenever a ticket's unread
 * count moves (a customer's message, the ticket read), the sockets that may see the ticket get
 * `{ action: 'updateUnread', ticketId, unreadMessages }`; another company's sockets never do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LiveFrame } from './support/live.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

const unreadCounts = (frames: LiveFrame[], ticketId: number) =>
  frames
    .filter((f) => f.event === 'ticket' && f.data.action === 'updateUnread' && f.data.ticketId === ticketId)
    .map((f) => f.data.unreadMessages);

describe('updateUnread', () => {
  it('follows the unread count of a ticket to the sockets that may see it', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'NoLeidos');
    const whatsappId = await connectSandbox(admin);
    const other = env.client();
    await signUpCompany(other, 'NoLeidosOtra');
    const [mine, theirs] = await Promise.all([listen(admin), listen(other)]);
    try {
      const from = '5511980000061';
      await customerWrites(admin, whatsappId, {
        from,
        name: 'Cliente',
        body: 'hola',
        id: `NoLeidos-1-${Date.now()}`,
      });
      const [ticket] = await pendingTicketsOf(admin, [from]);
      await until(
        async () => (unreadCounts(mine.frames, ticket!.id).includes(1) ? true : undefined),
        'updateUnread 1',
      );

      await customerWrites(admin, whatsappId, { from, body: 'sigo aquí', id: `NoLeidos-2-${Date.now()}` });
      await until(
        async () => (unreadCounts(mine.frames, ticket!.id).includes(2) ? true : undefined),
        'updateUnread 2',
      );

      // Reading the ticket clears the count.
      expect((await admin.get(`/messages/${ticket!.id}`)).status).toBe(200);
      await until(
        async () => (unreadCounts(mine.frames, ticket!.id).at(-1) === 0 ? true : undefined),
        'updateUnread 0',
      );
      expect(unreadCounts(mine.frames, ticket!.id)).toEqual([1, 2, 0]);
      // The update that carries the rest of the ticket still comes too.
      expect(mine.frames.some((f) => f.event === 'ticket' && f.data.action === 'update')).toBe(true);
      expect(theirs.frames.filter((f) => f.event === 'ticket')).toEqual([]);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });
});
