import { mockClient } from 'aws-sdk-client-mock';
import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/modules/ingest/handler.ts';

const dynamo = mockClient(documentClient);

const inbound = (messageId: string) => ({
  kind: 'ack',
  whatsappId: 1,
  companyId: 2,
  chatJid: '5511999990001@s.whatsapp.net',
  isGroup: false,
  timestamp: '2026-11-21T10:00:00.000Z',
  messageId,
  ack: 3,
});

const records = (...bodies: string[]): SQSEvent => ({
  Records: bodies.map((body, index) => ({ messageId: `m${index}`, body }) as SQSEvent['Records'][number]),
});

describe('the ingest consumer', () => {
  beforeEach(() => dynamo.reset());

  it('drops a record that is not a valid event instead of blocking its chat', async () => {
    dynamo.resolves({});
    const answer = await handler(records('not json', JSON.stringify({ kind: 'nope' }), JSON.stringify(inbound('A'))));
    expect(answer.batchItemFailures).toEqual([]);
    expect(dynamo.calls()).toHaveLength(1);
  });

  it('reports a failed record and every later one, so the retry keeps the chat in order', async () => {
    dynamo.onAnyCommand().resolvesOnce({}).rejects(new Error('throttled'));
    const answer = await handler(records(JSON.stringify(inbound('A')), JSON.stringify(inbound('B')), JSON.stringify(inbound('C'))));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });
});
