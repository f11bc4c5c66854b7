import { beforeEach, describe, expect, it, vi } from 'vitest';

const sent: { body: string; groupId?: string }[] = [];
const stored = new Map<string, unknown>();

vi.mock('#homes/adapters', () => ({
  queuePort: async () => ({
    send: async (_queue: string, message: { body: string; groupId?: string }) => {
      sent.push(message);
    },
  }),
}));
vi.mock('#data/connector-replies', () => ({
  awaitConnectorReply: vi.fn(async (companyId: number, replyKey: string) =>
    stored.get(`${companyId}:${replyKey}`),
  ),
}));

const { askConnector } = await import('../src/modules/connector-commands/ask.ts');

describe('asking the connector', () => {
  beforeEach(() => {
    sent.length = 0;
    stored.clear();
  });

  it('sends the command under a fresh reply key and answers what the connector wrote under it', async () => {
    vi.mocked((await import('#data/connector-replies')).awaitConnectorReply).mockImplementationOnce(
      async (companyId, replyKey) => {
        const command = JSON.parse(sent[0]!.body) as { replyKey: string; number: string };
        expect(command.replyKey).toBe(replyKey);
        return { type: 'checkNumber', exists: command.number === '5511999998888' } as never;
      },
    );
    const reply = await askConnector({
      type: 'checkNumber',
      companyId: 7,
      whatsappId: 2,
      number: '5511999998888',
    });
    expect(reply).toEqual({ type: 'checkNumber', exists: true });
    expect(sent).toHaveLength(1);
    const command = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    expect(command).toMatchObject({
      type: 'checkNumber',
      companyId: 7,
      whatsappId: 2,
      number: '5511999998888',
    });
    expect(command.replyKey).toEqual(expect.any(String));
  });

  it('answers undefined when nothing came in time, and never reuses a reply key', async () => {
    expect(
      await askConnector({ type: 'checkNumber', companyId: 7, whatsappId: 2, number: '5511999998888' }),
    ).toBe(undefined);
    await askConnector({ type: 'checkNumber', companyId: 7, whatsappId: 2, number: '5511999998888' });
    const keys = sent.map((message) => (JSON.parse(message.body) as { replyKey: string }).replyKey);
    expect(new Set(keys).size).toBe(2);
  });
});
