import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputLine } from '../../../infra/local/src/function-output.ts';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket } from './support/sandbox.ts';

/**
 * One request's log lines across the product (issue #28, docs/operations.md "Logs"): an agent's
 * reply (POST /messages/{ticketId}) is logged by the messages function with its correlation id,
 * which travels on the message item (the stream consumers log it) and on the connector command
 * (the connector logs its send with it). Read from the local runtime's output, which carries the
 * same JSON lines the functions and the connector print in AWS.
 */
let env: TestRuntime;
const lines: OutputLine[] = [];
let stopListening: (() => void) | undefined;

beforeAll(async () => {
  env = await startTestRuntime();
  stopListening = env.runtime.output.onLine((line) => lines.push(line));
});
afterAll(async () => {
  stopListening?.();
  await env?.stop();
});

const customer = '5511970002801';
const secretText = 'respuesta con texto privado 2801';

describe("a request's correlation id", () => {
  it('is on the REST line, a stream consumer line and the connector send line of one agent reply', async () => {
    const { admin, ticket } = await companyWithPendingTicket(env, 'correlacion', customer);
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    const answer = await admin.post<{ id: string }>(`/messages/${ticket.id}`, { body: secretText });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const messageId = answer.body.id;

    // The REST function's request line: its route, the ticket, the company, and the correlation id.
    const findRestLine = () =>
      lines.find(
        (line) =>
          line.source === 'messages' &&
          line.json?.message === 'request' &&
          line.json.route === 'POST /messages/{ticketId}' &&
          line.json.ticketId === ticket.id,
      );
    await expect.poll(findRestLine, { timeout: 15_000 }).toBeDefined();
    const restLine = findRestLine()!;
    const correlationId = restLine.json!.correlationId;
    expect(typeof correlationId).toBe('string');
    expect(restLine.json).toMatchObject({
      level: 'INFO',
      status: 201,
      service: 'atende',
      requestId: correlationId,
    });
    expect(typeof restLine.json!.companyId).toBe('number');

    const ofRequest = () => lines.filter((line) => line.json?.correlationId === correlationId);
    const streamConsumers = ['broadcaster', 'schedule-outcomes', 'webhook-events', 'dashboard-aggregator'];
    // A stream consumer's line for the message the request wrote, and the connector's send line.
    await expect
      .poll(
        () =>
          ofRequest().some(
            (line) => streamConsumers.includes(line.source) && line.json!.messageId === messageId,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect
      .poll(
        () =>
          ofRequest().some(
            (line) =>
              line.source === 'connector' &&
              line.json!.message === 'message sent' &&
              line.json!.messageId === messageId &&
              line.json!.ticketId === ticket.id,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    // Every line of the request names the same company and ticket, and none holds the message's
    // text, the customer's full number or the caller's token.
    const mine = ofRequest();
    expect(new Set(mine.map((line) => line.source)).size).toBeGreaterThanOrEqual(3);
    for (const line of mine) {
      expect(line.json!.companyId, line.text).toBe(restLine.json!.companyId);
      if (line.json!.ticketId !== undefined) expect(line.json!.ticketId, line.text).toBe(ticket.id);
      expect(line.text).not.toContain(secretText);
      expect(line.text).not.toContain(customer);
      expect(line.text).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
    }
  }, 120_000);
});
