import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript without types (function threads load it untranspiled).
import { collectCalls } from './call-counter.mjs';

describe('the call counter', () => {
  it("counts the asking thread's own calls once", async () => {
    const count = (globalThis as unknown as { atendeBenchCount: (name: string, amount?: number) => void })
      .atendeBenchCount;
    count('probe.once');
    count('probe.amount', 3);
    // The thread's own listener answers the broadcast too: its counts must not be added twice.
    const total = (await collectCalls(100)) as Record<string, number>;
    expect(total['probe.once']).toBe(1);
    expect(total['probe.amount']).toBe(3);
  });

  it('names the function whose invocation made a call, and no function for the others', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new DynamoDBClient({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const read = () => client.send(new GetItemCommand({ TableName: process.env.TABLE_NAME || 'atende', Key: { pk: { S: 'k' } } }));
      const invoke = (globalThis as unknown as { atendeBenchInvocation: <T>(name: string, run: () => T) => T })
        .atendeBenchInvocation;
      const before = (await collectCalls(100)) as Record<string, number>;
      // Awaits inside the invocation keep its name: the second call comes after a timer.
      await invoke('sandbox', async () => {
        await read();
        await new Promise((wake) => setTimeout(wake, 5));
        await read();
      });
      await read();
      const after = (await collectCalls(100)) as Record<string, number>;
      const grew = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
      expect(grew('table.GetItem')).toBe(3);
      expect(grew('by.sandbox.table.GetItem')).toBe(2);
      client.destroy();
    } finally {
      server.close();
    }
  });
});
