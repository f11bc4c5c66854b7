import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactRecord } from '#data/contacts';
import type { TicketRecord } from '#data/tickets';
import { ProviderUnavailable, type BotTurn } from '#modules/bot-turn/provider';
import { dialogflowProvider } from '#modules/dialogflow/provider';
import { DialogflowFake, type FakeServiceAccount } from './fakes/dialogflow-fake.ts';

const project = 'atende-agent';
let fake: DialogflowFake;
let account: FakeServiceAccount;

function turn(body: string, options: { ticketId?: number; state?: Record<string, unknown> } = {}): BotTurn {
  return {
    companyId: 7,
    ticket: { id: options.ticketId ?? 41 } as TicketRecord,
    contact: { id: 3 } as ContactRecord,
    message: { id: `m-${body}`, body, timestamp: new Date().toISOString() },
    history: () => Promise.resolve([]),
    state: options.state,
  };
}

const config = () => ({
  type: 'dialogflow',
  projectName: project,
  jsonContent: account.json,
  language: 'es',
});

beforeAll(async () => {
  fake = await new DialogflowFake().start();
  process.env.DIALOGFLOW_API_ENDPOINT = fake.url;
  account = fake.serviceAccount(project);
});

afterAll(async () => {
  delete process.env.DIALOGFLOW_API_ENDPOINT;
  await fake.stop();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.setDelay(0);
  fake.setIntents([
    { displayName: 'Saludo', phrases: ['hola'], messages: ['¡Hola!', '¿En qué puedo ayudar?'] },
    { displayName: 'Precio', phrases: ['precio'], messages: ['Cuesta 10 €.'] },
    { displayName: 'Despedida', phrases: ['adios'], messages: ['¡Hasta luego!'], endConversation: true },
    {
      displayName: 'Humano',
      phrases: ['persona'],
      messages: ['Le paso con un agente.'],
      liveAgentHandoff: true,
    },
  ]);
});

// The first call imports and builds the client: generous on a loaded machine.
describe('dialogflow provider against the Dialogflow ES fake', { timeout: 20_000 }, () => {
  it("answers the intent's fulfilment texts in order, in the integration's language, signed by its service account", async () => {
    const outcome = await dialogflowProvider.answer(turn('Hola, buenas'), config());
    expect(outcome.replies.map((reply) => reply.body)).toEqual(['¡Hola!', '¿En qué puedo ayudar?']);
    expect(outcome.handOff).toBeUndefined();
    expect(outcome.state).toEqual({ dialogflowSession: 'c7-t41' });
    expect(fake.calls).toEqual([
      {
        project,
        session: 'c7-t41',
        text: 'Hola, buenas',
        languageCode: 'es',
        clientEmail: account.clientEmail,
      },
    ]);
  });

  it('keeps one session per ticket: the saved session on later turns, another ticket its own', async () => {
    await dialogflowProvider.answer(turn('precio?', { state: { dialogflowSession: 'c7-t41' } }), config());
    await dialogflowProvider.answer(turn('hola', { ticketId: 42 }), config());
    // Another provider's state (a typebot session left before the queue changed integration) is not a Dialogflow session.
    await dialogflowProvider.answer(
      turn('hola', { ticketId: 43, state: { sessionId: 'typebot-session-xyz' } }),
      config(),
    );
    expect(fake.calls.map((call) => call.session)).toEqual(['c7-t41', 'c7-t42', 'c7-t43']);
  });

  it('answers the fallback intent when nothing matches, and uses pt-BR when the integration has no language', async () => {
    const outcome = await dialogflowProvider.answer(turn('zzz'), { ...config(), language: null });
    expect(outcome.replies.map((reply) => reply.body)).toEqual(['No entendí, ¿puede repetirlo?']);
    expect(fake.calls[0]?.languageCode).toBe('pt-BR');
  });

  it('hands off after its texts on an end-of-conversation or live-agent intent, clearing the session', async () => {
    const goodbye = await dialogflowProvider.answer(turn('adios'), config());
    expect(goodbye.replies.map((reply) => reply.body)).toEqual(['¡Hasta luego!']);
    expect(goodbye.handOff?.note).toContain('Despedida');
    expect(goodbye.state).toBeNull();
    const person = await dialogflowProvider.answer(turn('quiero una persona'), config());
    expect(person.replies.map((reply) => reply.body)).toEqual(['Le paso con un agente.']);
    expect(person.handOff).toBeDefined();
  });

  it('sends nothing to the agent for a message without text', async () => {
    const outcome = await dialogflowProvider.answer(
      { ...turn('  '), message: { id: 'm-audio', body: '', mediaType: 'audio', timestamp: '' } },
      config(),
    );
    expect(outcome).toEqual({ replies: [] });
    expect(fake.calls).toHaveLength(0);
  });

  it('throws ProviderUnavailable on 503, 429 and a slow agent (the hook retries)', async () => {
    fake.failNext(503);
    await expect(dialogflowProvider.answer(turn('hola'), config())).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    fake.failNext(429);
    await expect(dialogflowProvider.answer(turn('hola'), config())).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    const { detectIntent } = await import('#modules/dialogflow/detect-intent');
    const { parseServiceAccount } = await import('#modules/dialogflow/service-account');
    fake.setDelay(1_500);
    await expect(
      detectIntent({
        account: parseServiceAccount(account.json),
        projectName: project,
        sessionId: 's',
        text: 'hola',
        language: 'es',
        timeoutMs: 300,
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('throws ProviderUnavailable when Dialogflow cannot be reached', async () => {
    const down = await new DialogflowFake().start();
    const downAccount = down.serviceAccount(project);
    await down.stop();
    process.env.DIALOGFLOW_API_ENDPOINT = down.url;
    try {
      await expect(
        dialogflowProvider.answer(turn('hola'), { ...config(), jsonContent: downAccount.json }),
      ).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      process.env.DIALOGFLOW_API_ENDPOINT = fake.url;
    }
  });

  it('hands over at once with a note when the integration cannot work (wrong project, unknown key, bad JSON)', async () => {
    const wrongProject = await dialogflowProvider.answer(turn('hola'), {
      ...config(),
      projectName: 'someone-else',
    });
    expect(wrongProject).toMatchObject({
      replies: [],
      state: null,
      handOff: { note: expect.stringContaining('403') },
    });

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stranger = {
      ...JSON.parse(account.json),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const unknownKey = await dialogflowProvider.answer(turn('hola'), {
      ...config(),
      jsonContent: JSON.stringify(stranger),
    });
    expect(unknownKey.handOff?.note).toContain('401');

    const badJson = await dialogflowProvider.answer(turn('hola'), {
      ...config(),
      jsonContent: '{"client_email":"x"}',
    });
    expect(badJson).toMatchObject({ replies: [], handOff: { note: expect.stringContaining('JSON') } });
    const noProject = await dialogflowProvider.answer(turn('hola'), { ...config(), projectName: '' });
    expect(noProject.handOff).toBeDefined();
  });

  it('never puts the private key in a hand-off note', async () => {
    const outcome = await dialogflowProvider.answer(turn('hola'), {
      ...config(),
      projectName: 'someone-else',
    });
    const key = (JSON.parse(account.json) as { private_key: string }).private_key;
    expect(JSON.stringify(outcome)).not.toContain(key.split('\n')[1]);
  });
});
