import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepChangesMadeDuringReads, maxChangesPerRead } from './changes-during-reads.ts';

interface Message {
  id: string;
  body: string;
}

const upsert = (message: Message) => (current: Message[] | undefined) =>
  current ? [...current.filter((shown) => shown.id !== message.id), message] : current;

/** A query whose reads the test answers by hand, with what the server held when each read ran. */
function chatQuery(client: QueryClient) {
  const reads: Array<(answer: Message[] | Error) => void> = [];
  const observer = new QueryObserver<Message[]>(client, {
    queryKey: ['messages', 7],
    queryFn: () =>
      new Promise<Message[]>((resolve, reject) =>
        reads.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer))),
      ),
  });
  const stop = observer.subscribe(() => undefined);
  return {
    observer,
    stop,
    /** Answers the oldest read still open. */
    answer: async (answer: Message[] | Error, { settles = true } = {}) => {
      await vi.waitFor(() => expect(reads.length).toBeGreaterThan(0));
      reads.shift()!(answer);
      if (settles) await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
    },
    data: () => client.getQueryData<Message[]>(['messages', 7]),
  };
}

describe('changes made while a read is in flight', () => {
  let client: QueryClient;
  let undo: (() => void) | undefined;
  afterEach(() => {
    undo?.();
    undo = undefined;
    client.clear();
  });
  const newClient = () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    undo = keepChangesMadeDuringReads(client);
    return client;
  };

  it('keeps a message that arrived during the chat’s first read, which the answer does not hold', async () => {
    const chat = chatQuery(newClient());
    // The read ran before the message was stored; its event comes before the answer.
    client.setQueryData<Message[]>(['messages', 7], upsert({ id: 'm2', body: '¿Siguen ahí?' }));
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    expect(chat.data()).toEqual([
      { id: 'm1', body: 'Hola' },
      { id: 'm2', body: '¿Siguen ahí?' },
    ]);
    chat.stop();
  });

  it('keeps a change made during a later read as well, and makes it once over an answer that holds it', async () => {
    const chat = chatQuery(newClient());
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    void client.invalidateQueries({ queryKey: ['messages', 7] });
    client.setQueryData<Message[]>(['messages', 7], upsert({ id: 'm2', body: 'Otra' }));
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    expect(chat.data()).toEqual([
      { id: 'm1', body: 'Hola' },
      { id: 'm2', body: 'Otra' },
    ]);

    void client.invalidateQueries({ queryKey: ['messages', 7] });
    client.setQueryData<Message[]>(['messages', 7], upsert({ id: 'm3', body: 'Y otra' }));
    // This read ran after the message was stored.
    await chat.answer([
      { id: 'm1', body: 'Hola' },
      { id: 'm2', body: 'Otra' },
      { id: 'm3', body: 'Y otra' },
    ]);
    expect(chat.data()?.map((message) => message.id)).toEqual(['m1', 'm2', 'm3']);
    chat.stop();
  });

  it('does not make again a change made before the read started, nor one made while nothing was reading', async () => {
    const chat = chatQuery(newClient());
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    client.setQueryData<Message[]>(['messages', 7], upsert({ id: 'm2', body: 'Otra' }));
    void client.invalidateQueries({ queryKey: ['messages', 7] });
    // The newer read no longer holds it (deleted meanwhile): its answer wins.
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    expect(chat.data()).toEqual([{ id: 'm1', body: 'Hola' }]);
    chat.stop();
  });

  it('forgets the changes of a read that failed; the cache kept them', async () => {
    const chat = chatQuery(newClient());
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    void client.invalidateQueries({ queryKey: ['messages', 7] });
    client.setQueryData<Message[]>(['messages', 7], upsert({ id: 'm2', body: 'Otra' }));
    await chat.answer(new Error('offline'));
    expect(chat.data()).toHaveLength(2);
    void client.invalidateQueries({ queryKey: ['messages', 7] });
    await chat.answer([{ id: 'm1', body: 'Hola' }]);
    expect(chat.data()).toEqual([{ id: 'm1', body: 'Hola' }]);
    chat.stop();
  });

  it('reads once more instead when too many changes came during one read', async () => {
    const chat = chatQuery(newClient());
    for (let index = 0; index <= maxChangesPerRead; index += 1) {
      client.setQueryData<Message[]>(['messages', 7], upsert({ id: `m${index}`, body: 'x' }));
    }
    // Its answer is followed by a second read, which the test answers.
    await chat.answer([], { settles: false });
    await chat.answer([{ id: 'm0', body: 'x' }]);
    expect(chat.data()).toEqual([{ id: 'm0', body: 'x' }]);
    chat.stop();
  });

  it('puts the client back as it was when undone', () => {
    const plain = new QueryClient();
    const original = plain.setQueryData;
    const restore = keepChangesMadeDuringReads(plain);
    expect(plain.setQueryData).not.toBe(original);
    restore();
    expect(plain.setQueryData).toBe(original);
    client = plain;
  });
});
