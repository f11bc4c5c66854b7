/**
 * POST /messages/{ticketId} with `mediaUrl` (core §7): the server fetches the file through the
 * outbound guard, types it from its bytes (the server's Content-Type and the URL's extension do
 * not count), stores it like an upload and sends it as media. A refused URL, a file over the cap
 * and bytes off the allow-list are clear 4xx errors, and nothing is stored or sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageUploadMaxBytes } from '@atende/shared/constants';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let server: Server;
let base = '';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  env = await startTestRuntime();
  server = createServer((request, response) => {
    switch (request.url) {
      case '/files/recibo.txt':
        // A PNG behind a misleading name and Content-Type: the bytes decide.
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(png);
        return;
      case '/files/grande':
        // Over the cap, streamed without a Content-Length: cut while it streams.
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.concat([png, Buffer.alloc(messageUploadMaxBytes + 1024)]));
        return;
      case '/files/pagina.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end('<!doctype html><html><body><script>alert(1)</script></body></html>');
        return;
      default:
        response.writeHead(404);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await env?.stop();
});

type Sent = { id: string; body: string; mediaType: string | null; mimetype: string | null; mediaName: string | null };

describe('POST /messages/{ticketId} with mediaUrl', () => {
  it('fetches the file, types it from its bytes, stores it and sends it as media', async () => {
    const customer = '5511980000011';
    const { admin, whatsappId, ticket } = await companyWithPendingTicket(env, 'MediaUrl', customer);
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    const sent = await admin.post<Sent>(`/messages/${ticket.id}`, {
      body: 'su recibo',
      mediaUrl: `${base}/files/recibo.txt`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'su recibo',
      mediaType: 'image',
      mimetype: 'image/png',
      mediaName: 'recibo.txt',
    });
    const delivered = await until(
      async () => (await outboxOf(admin, whatsappId, customer)).find((m) => m.id === sent.body.id),
      'the media in the outbox',
    );
    expect(delivered).toMatchObject({ body: 'su recibo', mediaType: 'image' });
    // The stored bytes are the fetched ones.
    const media = await admin.get<{ url: string }>(`/messages/media/${sent.body.id}`);
    expect(media.status).toBe(200);
    const stored = Buffer.from(await (await fetch(media.body.url)).arrayBuffer());
    expect(stored.equals(png)).toBe(true);
  });

  it('answers clear 4xx errors for a refused URL, a file too large and an unknown type, and sends nothing', async () => {
    const customer = '5511980000012';
    const { admin, whatsappId, ticket } = await companyWithPendingTicket(env, 'MediaUrlNo', customer);
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    const cases: [string, number, string][] = [
      ['http://169.254.169.254/latest/meta-data/', 400, 'ERR_MEDIA_URL_REFUSED'],
      ['file:///etc/passwd', 400, 'ERR_MEDIA_URL_REFUSED'],
      [`${base}/files/no-existe.png`, 400, 'ERR_MEDIA_URL_REFUSED'],
      [`${base}/files/grande`, 413, 'ERR_MEDIA_URL_TOO_LARGE'],
      [`${base}/files/pagina.png`, 415, 'ERR_MEDIA_URL_UNKNOWN_TYPE'],
    ];
    for (const [mediaUrl, status, error] of cases) {
      const answer = await admin.post(`/messages/${ticket.id}`, { body: 'x', mediaUrl });
      expect([mediaUrl, answer.status, answer.body]).toEqual([mediaUrl, status, { error }]);
    }
    const listed = await admin.get<{ messages: { fromMe: boolean }[] }>(`/messages/${ticket.id}`);
    expect(listed.body.messages.filter((m) => m.fromMe)).toEqual([]);
    expect(await outboxOf(admin, whatsappId, customer)).toEqual([]);
  });
});
