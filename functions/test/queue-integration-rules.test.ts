import { describe, expect, it } from 'vitest';
import {
  queueIntegrationCreateInputSchema,
  queueIntegrationUpdateInputSchema,
} from '@atende/shared/entities/queue-integration';
import { readIntegrationAnswer, signDelivery, verifyDelivery } from '../src/domain/integration-webhook.ts';
import { planIntegrationWrite } from '../src/domain/queue-integration-rules.ts';
import { maskLastFour as maskSecret } from '../src/domain/secret-mask.ts';
import {
  choiceReply,
  flowStep,
  isExpired,
  isKeyword,
  markdownToWhatsapp,
  readTypebotState,
} from '../src/domain/typebot-flow.ts';

const secret = () => 'qisec_new';

describe('queue integration writes', () => {
  it('sets the project name to the name for n8n, webhook and typebot, not dialogflow', () => {
    for (const type of ['n8n', 'webhook', 'typebot'] as const) {
      const write = planIntegrationWrite(
        queueIntegrationCreateInputSchema.parse({ type, name: 'Flujo', projectName: 'otro' }),
        undefined,
        secret,
      );
      expect(write.set.projectName).toBe('Flujo');
    }
    const dialogflow = planIntegrationWrite(
      queueIntegrationCreateInputSchema.parse({
        type: 'dialogflow',
        name: 'Agente',
        projectName: 'proyecto-1',
      }),
      undefined,
      secret,
    );
    expect(dialogflow.set.projectName).toBe('proyecto-1');
    // A rename of a stored typebot moves its project name too.
    const renamed = planIntegrationWrite(
      queueIntegrationUpdateInputSchema.parse({ name: 'Nuevo' }),
      { type: 'typebot', name: 'Viejo' },
      secret,
    );
    expect(renamed.set).toMatchObject({ name: 'Nuevo', projectName: 'Nuevo' });
  });

  it('gives n8n and webhook a signing key once, rotates it on request and drops it for other types', () => {
    const created = planIntegrationWrite(
      queueIntegrationCreateInputSchema.parse({ type: 'webhook', name: 'Hook' }),
      undefined,
      secret,
    );
    expect(created.newSecret).toBe('qisec_new');
    const kept = planIntegrationWrite(
      queueIntegrationUpdateInputSchema.parse({ name: 'Hook 2' }),
      { type: 'webhook', name: 'Hook', webhookSecret: 'old' },
      secret,
    );
    expect(kept.newSecret).toBeUndefined();
    expect(kept.set.webhookSecret).toBeUndefined();
    const rotated = planIntegrationWrite(
      queueIntegrationUpdateInputSchema.parse({ rotateSecret: 'true' }),
      { type: 'n8n', name: 'Hook', webhookSecret: 'old' },
      secret,
    );
    expect(rotated.set.webhookSecret).toBe('qisec_new');
    const toTypebot = planIntegrationWrite(
      queueIntegrationUpdateInputSchema.parse({ type: 'typebot' }),
      { type: 'n8n', name: 'Hook', webhookSecret: 'old' },
      secret,
    );
    expect(toTypebot.clear).toContain('webhookSecret');
    expect(
      planIntegrationWrite(queueIntegrationCreateInputSchema.parse({ name: 'Flujo' }), undefined, secret)
        .newSecret,
    ).toBeUndefined();
  });

  it('clears emptied texts on a change, never on a create', () => {
    const change = planIntegrationWrite(
      queueIntegrationUpdateInputSchema.parse({ typebotSlug: '', typebotKeywordFinish: ' salir ' }),
      { type: 'typebot', name: 'Flujo' },
      secret,
    );
    expect(change.clear).toEqual(['typebotSlug']);
    expect(change.set.typebotKeywordFinish).toBe('salir');
    const create = planIntegrationWrite(
      queueIntegrationCreateInputSchema.parse({ name: 'Flujo' }),
      undefined,
      secret,
    );
    expect(create.clear).toEqual([]);
    expect(create.set).toMatchObject({ typebotDelayMessage: 1000, typebotExpires: 1 });
  });

  it('masks a stored key to its last four characters', () => {
    expect(maskSecret('qisec_abcdefgh')).toBe('••••efgh');
    expect(maskSecret(undefined)).toBeNull();
  });
});

describe('typebot flow', () => {
  it('turns bubbles into replies with buttons as numbered options', () => {
    const step = flowStep({
      messages: [
        {
          type: 'text',
          content: { type: 'markdown', markdown: 'Hola **Ana**, ver [precios](https://x.test)' },
        },
        { type: 'image', content: { url: 'https://x.test/a.png' } },
        {
          type: 'text',
          content: {
            type: 'richText',
            richText: [{ type: 'p', children: [{ text: 'Línea ' }, { text: 'uno' }] }],
          },
        },
      ],
      input: { type: 'choice input', items: [{ content: 'Ventas' }, { content: 'Soporte' }] },
    });
    expect(step.replies).toEqual([
      { body: 'Hola *Ana*, ver precios (https://x.test)' },
      { body: 'https://x.test/a.png', mediaUrl: 'https://x.test/a.png', mediaType: 'image' },
      { body: 'Línea uno' },
      { body: '1 - Ventas\n2 - Soporte' },
    ]);
    expect(step).toMatchObject({ waiting: true, transfer: false, choices: ['Ventas', 'Soporte'] });
  });

  it('ends on a flow without input and on the transfer bubble, which is not sent', () => {
    expect(flowStep({ messages: [{ type: 'text', content: { markdown: 'Gracias' } }] })).toMatchObject({
      waiting: false,
      transfer: false,
    });
    const transfer = flowStep({
      messages: [
        { type: 'text', content: { markdown: 'Le paso' } },
        { type: 'text', content: { markdown: '#transferir' } },
      ],
      input: { type: 'text input' },
    });
    expect(transfer).toMatchObject({ waiting: false, transfer: true, replies: [{ body: 'Le paso' }] });
  });

  it('reads choices by number or label, keywords in any case, and expiry by minutes of silence', () => {
    expect(choiceReply('2', ['Ventas', 'Soporte'])).toBe('Soporte');
    expect(choiceReply(' soporte ', ['Ventas', 'Soporte'])).toBe('Soporte');
    expect(choiceReply('3', ['Ventas', 'Soporte'])).toBeUndefined();
    expect(choiceReply('hola', ['Ventas', 'Soporte'])).toBeUndefined();
    expect(isKeyword(' SALIR ', 'salir')).toBe(true);
    expect(isKeyword('salir', '')).toBe(false);
    const state = readTypebotState({ sessionId: 's1', lastAt: 0 })!;
    expect(isExpired(state, 60_000, 1)).toBe(false);
    expect(isExpired(state, 60_001, 1)).toBe(true);
    expect(isExpired(state, 10 * 60_000, 0)).toBe(false);
    expect(readTypebotState({ lastAt: 1 })).toBeUndefined();
    expect(markdownToWhatsapp('\\*no\\* **sí**')).toBe('*no* *sí*');
  });
});

describe('n8n and webhook deliveries', () => {
  it('signs over the timestamp and the body, and a receiver checks it', () => {
    const body = '{"a":1}';
    const signature = signDelivery('key', 1_700_000_000, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyDelivery('key', 1_700_000_000, body, signature)).toBe(true);
    expect(verifyDelivery('key', 1_700_000_001, body, signature)).toBe(false);
    expect(verifyDelivery('other', 1_700_000_000, body, signature)).toBe(false);
    expect(verifyDelivery('key', 1_700_000_000, '{"a":2}', signature)).toBe(false);
  });

  it('reads texts, replies, transfer and close from the answer', () => {
    expect(readIntegrationAnswer('')).toEqual({ replies: [], transfer: false, close: false });
    expect(readIntegrationAnswer('{"text":"Hola"}').replies).toEqual([{ body: 'Hola' }]);
    expect(readIntegrationAnswer('[{"output":"Uno"},{"message":"Dos","transfer":true}]')).toEqual({
      replies: [{ body: 'Uno' }, { body: 'Dos' }],
      transfer: true,
      close: false,
    });
    expect(
      readIntegrationAnswer('{"replies":["a",{"text":"b","mediaUrl":"https://x.test/b.png"}],"close":true}'),
    ).toEqual({
      replies: [{ body: 'a' }, { body: 'b', mediaUrl: 'https://x.test/b.png' }],
      transfer: false,
      close: true,
    });
    expect(readIntegrationAnswer('gracias').replies).toEqual([{ body: 'gracias' }]);
  });

  it("reads an object's own mediaUrl as a media reply after its text", () => {
    expect(readIntegrationAnswer('{"text":"Mire","mediaUrl":" https://x.test/a.jpg "}').replies).toEqual([
      { body: 'Mire' },
      { body: '', mediaUrl: 'https://x.test/a.jpg' },
    ]);
    expect(readIntegrationAnswer('[{"mediaUrl":"https://x.test/c.pdf"}]').replies).toEqual([
      { body: '', mediaUrl: 'https://x.test/c.pdf' },
    ]);
    expect(readIntegrationAnswer('{"text":"Sin","mediaUrl":""}').replies).toEqual([{ body: 'Sin' }]);
  });
});
