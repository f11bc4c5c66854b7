import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactRecord } from '#data/contacts';
import type { QueueIntegrationRecord } from '#data/queue-integrations';
import type { TicketRecord } from '#data/tickets';
import { ProviderUnavailable, type BotTurn, type BotTurnOutcome } from '../src/modules/bot-turn/provider.ts';
import { IntegrationRefused } from '../src/modules/queue-integrations/outbound-call.ts';
import { typebotProvider } from '../src/modules/queue-integrations/typebot-provider.ts';
import {
  n8nProvider,
  webhookIntegrationProvider,
} from '../src/modules/queue-integrations/webhook-provider.ts';
import { IntegrationReceiverFake } from './fakes/integration-receiver-fake.ts';
import { TypebotFake, typebotLogoPng } from './fakes/typebot-fake.ts';

// The fakes listen on 127.0.0.1: the outbound guard lets loopback through only in the local stage.
process.env.OUTBOUND_ALLOW_LOOPBACK = 'true';
process.env.APP_STAGE = 'local';

const typebot = new TypebotFake();
const receiver = new IntegrationReceiverFake();
beforeAll(async () => {
  await typebot.start();
  await receiver.start();
});
afterAll(async () => {
  await typebot.stop();
  await receiver.stop();
});

const ticket = {
  id: 7,
  uuid: 'u-7',
  status: 'pending',
  whatsappId: 1,
  queueId: 3,
  companyId: 1,
  contactId: 5,
} as TicketRecord;
const contact = { id: 5, name: 'Ana', number: '5511999990000', companyId: 1 } as ContactRecord;

let clock = Date.parse('2026-01-01T10:00:00Z');
let sequence = 0;
function turn(body: string, state: Record<string, unknown> | null | undefined, minutesLater = 0): BotTurn {
  clock += minutesLater * 60_000 + 1000;
  sequence += 1;
  return {
    companyId: 1,
    ticket,
    contact,
    message: { id: `m${sequence}`, body, timestamp: new Date(clock).toISOString() },
    history: async () => [],
    state: state ?? undefined,
  };
}

function typebotConfig(overrides: Partial<QueueIntegrationRecord> = {}): QueueIntegrationRecord {
  return {
    companyId: 1,
    id: 1,
    type: 'typebot',
    name: 'Ventas',
    nameKey: 'ventas',
    urlN8N: typebot.url,
    typebotSlug: 'ventas',
    typebotDelayMessage: 500,
    typebotExpires: 1,
    typebotKeywordFinish: 'salir',
    typebotKeywordRestart: 'reiniciar',
    typebotRestartMessage: 'Empezamos de nuevo',
    typebotUnknownMessage: 'No entendí, elija una opción',
    ...overrides,
  } as QueueIntegrationRecord;
}

/** Texts as sent; a media reply as `[kind] fileName`. */
const bodies = (outcome: BotTurnOutcome) =>
  outcome.replies.map((reply) =>
    reply.media ? `[${reply.mediaType}] ${reply.media.fileName}` : (reply.mediaUrl ?? reply.body),
  );

describe('typebot provider', () => {
  beforeEach(() => typebot.dropSessions());

  it('walks the flow: greeting with numbered buttons, a numbered reply, then the end hands over', async () => {
    const config = typebotConfig();
    const first = await typebotProvider.answer(turn('hola', undefined), config);
    expect(bodies(first)).toEqual([
      '¡Hola Ana! Bienvenido a *Ventas*',
      '[image] logo.png',
      '¿Qué necesita?',
      '1 - Precios\n2 - Hablar con una persona',
    ]);
    expect(first.replies.map((reply) => reply.delayMs)).toEqual([undefined, 500, 500, 500]);
    // The image bubble's file, fetched from the flow's URL, goes as a real image.
    expect(first.replies[1]).toMatchObject({
      body: '',
      mediaType: 'image',
      media: { mimetype: 'image/png' },
    });
    expect(Buffer.from(first.replies[1]!.media!.data).equals(typebotLogoPng)).toBe(true);
    expect(typebot.mediaFetches.at(-1)).toBe('/media/logo.png');
    expect(first.handOff).toBeUndefined();
    expect(typebot.calls.at(-1)!.body).toMatchObject({
      prefilledVariables: { name: 'Ana', number: '5511999990000' },
    });

    const second = await typebotProvider.answer(turn('1', first.state), config);
    expect(bodies(second)).toEqual(['Plan básico: R$ 49', 'Plan completo: R$ 99']);
    expect(typebot.calls.at(-1)!.body).toMatchObject({ message: { type: 'text', text: 'Precios' } });

    const third = await typebotProvider.answer(turn('nada más', second.state), config);
    expect(bodies(third)).toEqual(['Gracias, anotamos: nada más']);
    expect(third).toMatchObject({ state: null, handOff: { note: expect.any(String) } });
  });

  it('sends an image bubble as its URL when the file cannot be had or is not an image', async () => {
    const config = typebotConfig({ typebotDelayMessage: 0 });
    try {
      for (const path of ['/media/missing.png', '/media/not-an-image.png']) {
        typebot.imagePath = path;
        const first = await typebotProvider.answer(turn('hola', undefined), config);
        expect(first.replies[1]).toEqual({ body: `${typebot.url}${path}` });
        expect(typebot.mediaFetches.at(-1)).toBe(path);
      }
      // A URL the outbound rule refuses (the metadata service) stays text.
      typebot.imagePath = 'http://169.254.169.254/latest/meta-data/logo.png';
      const refused = await typebotProvider.answer(turn('hola', undefined), config);
      expect(refused.replies[1]).toEqual({ body: 'http://169.254.169.254/latest/meta-data/logo.png' });
      expect(refused.replies.map((reply) => reply.delayMs)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    } finally {
      typebot.imagePath = '/media/logo.png';
    }
  });

  it('hands over on the transfer bubble without sending it', async () => {
    const config = typebotConfig();
    const first = await typebotProvider.answer(turn('hola', undefined), config);
    const second = await typebotProvider.answer(turn('2', first.state), config);
    expect(bodies(second)).toEqual(['Te paso con un agente']);
    expect(second.handOff).toBeDefined();
  });

  it('answers the unknown message and the options again when the choice cannot take the reply', async () => {
    const config = typebotConfig();
    const first = await typebotProvider.answer(turn('hola', undefined), config);
    const calls = typebot.calls.length;
    const second = await typebotProvider.answer(turn('quiero pizza', first.state), config);
    expect(bodies(second)).toEqual([
      'No entendí, elija una opción',
      '1 - Precios\n2 - Hablar con una persona',
    ]);
    expect(typebot.calls.length).toBe(calls);
    // Without an unknown message, the reply goes to Typebot, whose retry bubble is sent.
    const third = await typebotProvider.answer(
      turn('quiero pizza', second.state),
      typebotConfig({ typebotUnknownMessage: undefined }),
    );
    expect(bodies(third)[0]).toBe('Invalid message. Please, try again.');
  });

  it('closes on the finish keyword, restarts on the restart keyword, and starts anew after the expiry', async () => {
    const config = typebotConfig();
    const first = await typebotProvider.answer(turn('hola', undefined), config);
    expect(await typebotProvider.answer(turn('SALIR', first.state), config)).toEqual({
      replies: [],
      state: null,
      close: true,
    });

    const restarted = await typebotProvider.answer(turn('reiniciar', first.state), config);
    expect(bodies(restarted)[0]).toBe('Empezamos de nuevo');
    expect(bodies(restarted)[1]).toBe('¡Hola Ana! Bienvenido a *Ventas*');
    expect(restarted.state!.sessionId).not.toBe(first.state!.sessionId);

    // Two minutes of silence with typebotExpires 1: a new session, the greeting again.
    const later = await typebotProvider.answer(turn('1', restarted.state, 2), config);
    expect(bodies(later)[0]).toBe('¡Hola Ana! Bienvenido a *Ventas*');
    expect(later.state!.sessionId).not.toBe(restarted.state!.sessionId);

    // A session Typebot forgot (404) starts anew too.
    typebot.dropSessions();
    const forgotten = await typebotProvider.answer(turn('1', later.state), config);
    expect(bodies(forgotten)[0]).toBe('¡Hola Ana! Bienvenido a *Ventas*');
  });

  it('throws ProviderUnavailable on 5xx and 429, and refuses a missing flow', async () => {
    typebot.failNext(503);
    await expect(typebotProvider.answer(turn('hola', undefined), typebotConfig())).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    typebot.failNext(429);
    await expect(typebotProvider.answer(turn('hola', undefined), typebotConfig())).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    await expect(
      typebotProvider.answer(turn('hola', undefined), typebotConfig({ typebotSlug: 'otro' })),
    ).rejects.toBeInstanceOf(IntegrationRefused);
  });

  it('refuses a private address even with loopback allowed', async () => {
    await expect(
      typebotProvider.answer(turn('hola', undefined), typebotConfig({ urlN8N: 'http://169.254.169.254' })),
    ).rejects.toBeInstanceOf(IntegrationRefused);
  });
});

describe('n8n and webhook providers', () => {
  const config = (type: 'n8n' | 'webhook'): QueueIntegrationRecord =>
    ({
      companyId: 1,
      id: 2,
      type,
      name: 'Hook',
      nameKey: 'hook',
      urlN8N: receiver.url,
      webhookSecret: 'qisec_test-key',
    }) as QueueIntegrationRecord;

  beforeEach(() => {
    receiver.secret = 'qisec_test-key';
  });

  it('posts the signed message and sends the answer back; transfer hands over, close closes', async () => {
    for (const [provider, type] of [
      [n8nProvider, 'n8n'],
      [webhookIntegrationProvider, 'webhook'],
    ] as const) {
      const answered = await provider.answer(turn('hola', undefined), config(type));
      expect(answered).toEqual({ replies: [{ body: 'Recibido: hola' }] });
      const delivery = receiver.deliveries.at(-1)!;
      expect(delivery.verified).toBe(true);
      expect(delivery.headers['x-atende-delivery']).toBe(`m${sequence}`);
      expect(delivery.body).toEqual({
        event: 'message',
        integration: { id: 2, name: 'Hook', type },
        company: { id: 1 },
        ticket: { id: 7, uuid: 'u-7', status: 'pending', queueId: 3, whatsappId: 1 },
        contact: { id: 5, name: 'Ana', number: '5511999990000' },
        message: { id: `m${sequence}`, body: 'hola', mediaType: null, timestamp: expect.any(String) },
      });
      expect(delivery.raw).not.toContain('qisec_test-key');
      expect(await provider.answer(turn('una persona por favor', undefined), config(type))).toMatchObject({
        replies: [{ body: 'Le paso con una persona' }],
        handOff: {},
      });
      expect(await provider.answer(turn('chau', undefined), config(type))).toMatchObject({ close: true });
    }
  });

  it('fails retryably on 5xx, and not on a refused signature', async () => {
    receiver.failNext(502);
    await expect(n8nProvider.answer(turn('hola', undefined), config('n8n'))).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    receiver.secret = 'another-key';
    await expect(n8nProvider.answer(turn('hola', undefined), config('n8n'))).rejects.toBeInstanceOf(
      IntegrationRefused,
    );
    expect(receiver.deliveries.at(-1)!.verified).toBe(false);
  });
});
