import { mockClient } from 'aws-sdk-client-mock';
import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/modules/ingest/handler.ts';

const dynamo = mockClient(documentClient);

const base = {
  whatsappId: 1,
  companyId: 2,
  chatJid: '5511999990001@s.whatsapp.net',
  isGroup: false,
  timestamp: '2026-11-21T10:00:00.000Z',
};
const records = (...events: object[]): SQSEvent => ({
  Records: events.map(
    (event, index) =>
      ({ messageId: `m${index}`, body: JSON.stringify(event) }) as SQSEvent['Records'][number],
  ),
});

describe('the ingest checks WhatsApp message ids again (defence in depth)', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('drops events whose ids could move a table or S3 key, without touching the table', async () => {
    dynamo.resolves({});
    const malformed = ['../../c3/w1/3EB0', 'C#3#MSG', 'a/b', 'a.b', 'x'.repeat(65)];
    const events = malformed.flatMap((id) => [
      { kind: 'ack', ...base, messageId: id, ack: 3 },
      { kind: 'revoke', ...base, messageId: id },
      { kind: 'edit', ...base, messageId: id, body: 'x' },
      { kind: 'message', ...base, messageId: id, fromMe: false, type: 'text', body: 'hola' },
      {
        kind: 'message',
        ...base,
        messageId: '3EB0AA',
        fromMe: false,
        type: 'text',
        body: 'hola',
        quotedMessageId: id,
      },
      { kind: 'call', ...base, callId: id, from: base.chatJid, status: 'offer' },
    ]);
    const answer = await handler(records(...events));
    expect(answer.batchItemFailures).toEqual([]);
    expect(dynamo.calls()).toHaveLength(0);
    expect(console.error).toHaveBeenCalledTimes(events.length);
  });

  it('takes a WhatsApp-shaped id', async () => {
    dynamo.resolves({});
    await handler(records({ kind: 'ack', ...base, messageId: '3EB0C767D71D8B4F1A2B', ack: 3 }));
    expect(dynamo.calls().length).toBeGreaterThan(0);
  });
});
