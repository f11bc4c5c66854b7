import { describe, expect, it } from 'vitest';
import { parseMenuAnswer } from '../src/domain/chatbot/answers.ts';
import { botStep, emptyBotState, treeNeeded, type BotConfig, type BotOption, type BotQueue, type BotState } from '../src/domain/chatbot/menu-machine.ts';
import { optionMenuText, queueMenuText, renderTemplate } from '../src/domain/chatbot/texts.ts';

const ventas: BotQueue = { id: 1, name: 'Ventas', greetingMessage: 'Bienvenido a Ventas' };
const soporte: BotQueue = { id: 2, name: 'Soporte', greetingMessage: 'Bienvenido a Soporte' };
const cobros: BotQueue = { id: 3, name: 'Cobros' };

/**
 * Soporte's tree:
 *   1 Internet (message "Elija su problema") → 1 Lento, 2 Sin señal → (single) 1 Reiniciar
 *   2 Teléfono (leaf)
 */
const soporteTree: BotOption[] = [
  { id: 10, title: 'Internet', message: 'Elija su problema', option: '1' },
  { id: 11, title: 'Teléfono', message: 'Un agente le llamará', option: '2' },
  { id: 20, parentId: 10, title: 'Lento', message: 'Reinicie el router', option: '1' },
  { id: 21, parentId: 10, title: 'Sin señal', message: 'Revisemos la señal', option: '2' },
  { id: 30, parentId: 21, title: 'Reiniciar', message: 'Apague y encienda la antena', option: '1' },
];
/** Cobros: a single root option with a leaf below it (taken automatically). */
const cobrosTree: BotOption[] = [{ id: 40, title: 'Facturas', message: 'Le enviaremos su factura', option: '1' }];

const trees: Record<number, BotOption[]> = { 1: [], 2: soporteTree, 3: cobrosTree };

const config: BotConfig = {
  greetingMessage: '¡Hola! Elija un sector:',
  greetOneQueue: false,
  maxUses: 3,
  windowMinutes: 0,
  queueHours: false,
  timeZone: 'America/Sao_Paulo',
};

const mainMenu = queueMenuText(config.greetingMessage, [ventas, soporte, cobros]);
const soporteRoot = optionMenuText('Bienvenido a Soporte', [
  { number: '1', title: 'Internet' },
  { number: '2', title: 'Teléfono' },
]);
const internetLevel = optionMenuText('Elija su problema', [
  { number: '1', title: 'Lento' },
  { number: '2', title: 'Sin señal' },
]);

interface Turn {
  text: string;
  replies: string[];
  queueId?: number;
  chatbot: boolean;
}

/** Plays a conversation through the pure step, carrying the state and queue like the ticket does. */
function play(
  queues: BotQueue[],
  texts: string[],
  options: { config?: Partial<BotConfig>; start?: BotState; queueId?: number; times?: Date[] } = {},
): Turn[] {
  let state = options.start ?? emptyBotState();
  let queueId = options.queueId;
  let period: string | undefined;
  return texts.map((text, index) => {
    const decision = botStep({
      state,
      ...(queueId !== undefined ? { queueId } : {}),
      text,
      now: options.times?.[index] ?? new Date('2024-05-06T15:00:00Z'),
      queues,
      options: (id) => trees[id] ?? [],
      config: { ...config, ...options.config },
      ...(period ? { outOfHoursPeriod: period } : {}),
    });
    if (!decision) return { text, replies: [], ...(queueId !== undefined ? { queueId } : {}), chatbot: false };
    state = decision.state;
    queueId = decision.queueId;
    period = decision.outOfHoursPeriod ?? period;
    return { text, replies: decision.replies, ...(queueId !== undefined ? { queueId } : {}), chatbot: decision.chatbot };
  });
}

describe('menu texts', () => {
  it('lays the main menu out like the product: greeting, blank line, "*n* - name" lines', () => {
    expect(mainMenu).toBe('¡Hola! Elija un sector:\n\n*1* - Ventas\n*2* - Soporte\n*3* - Cobros');
    expect(queueMenuText('', [ventas])).toBe('*1* - Ventas');
  });

  it('ends option menus with the ways back', () => {
    expect(soporteRoot).toBe('Bienvenido a Soporte\n\n*1* - Internet\n*2* - Teléfono\n\n*0* - Volver\n*#* - Menú principal');
  });

  it('fills the contact name into configured texts', () => {
    expect(renderTemplate('Hola {{name}} ({{ firstName }})', { name: 'Ana María' })).toBe('Hola Ana María (Ana)');
  });
});

describe('answers', () => {
  it.each([
    ['1', { kind: 'choice', value: '1' }],
    [' *2* ', { kind: 'choice', value: '2' }],
    ['3️⃣', { kind: 'choice', value: '3' }],
    ['02', { kind: 'choice', value: '2' }],
    ['#', { kind: 'home' }],
    ['0', { kind: 'back' }],
    ['[ 0 ]', { kind: 'back' }],
    ['quiero hablar con alguien', { kind: 'other' }],
    ['', { kind: 'other' }],
  ])('%j means %j', (text, expected) => {
    expect(parseMenuAnswer(text)).toEqual(expected);
  });
});

describe('the chatbot step', () => {
  const several = [ventas, soporte, cobros];

  it.each<[string, BotQueue[], string[], Partial<Turn>[], Partial<BotConfig>?]>([
    [
      'one queue: assigned at once, no greeting by default, queue greeting sent',
      [ventas],
      ['hola'],
      [{ replies: ['Bienvenido a Ventas'], queueId: 1, chatbot: false }],
    ],
    [
      'one queue with sendGreetingMessageOneQueues: the connection greeting first',
      [ventas],
      ['hola'],
      [{ replies: ['¡Hola! Elija un sector:', 'Bienvenido a Ventas'], queueId: 1, chatbot: false }],
      { greetOneQueue: true },
    ],
    [
      'several queues: greeting and menu, then a valid answer assigns the queue',
      several,
      ['hola', '1'],
      [
        { replies: [mainMenu], chatbot: true },
        { replies: ['Bienvenido a Ventas'], queueId: 1, chatbot: false },
      ],
    ],
    [
      'an invalid answer repeats the menu once, then silence until a valid one',
      several,
      ['hola', 'no sé', '¿hay alguien?', 'ayuda', '2'],
      [
        { replies: [mainMenu], chatbot: true },
        { replies: [mainMenu], chatbot: true },
        { replies: [], chatbot: true },
        { replies: [], chatbot: true },
        { replies: [soporteRoot], queueId: 2, chatbot: true },
      ],
    ],
    [
      'a number outside the menu is invalid',
      several,
      ['hola', '7'],
      [{ replies: [mainMenu] }, { replies: [mainMenu], chatbot: true }],
    ],
    [
      'options: a level with children, a leaf ends the bot with its message',
      several,
      ['hola', '2', '1', '1'],
      [
        { replies: [mainMenu] },
        { replies: [soporteRoot], queueId: 2, chatbot: true },
        { replies: [internetLevel], queueId: 2, chatbot: true },
        { replies: ['Reinicie el router'], queueId: 2, chatbot: false },
      ],
    ],
    [
      'options: a level of one option is taken automatically',
      several,
      ['hola', '2', '1', '2'],
      [
        { replies: [mainMenu] },
        { replies: [soporteRoot] },
        { replies: [internetLevel] },
        { replies: ['Revisemos la señal', 'Apague y encienda la antena'], queueId: 2, chatbot: false },
      ],
    ],
    [
      'options: 0 goes up one level',
      several,
      ['hola', '2', '1', '0', '2'],
      [
        { replies: [mainMenu] },
        { replies: [soporteRoot] },
        { replies: [internetLevel] },
        { replies: [soporteRoot], queueId: 2, chatbot: true },
        { replies: ['Un agente le llamará'], queueId: 2, chatbot: false },
      ],
    ],
    [
      'options: # goes back to the main menu and leaves the queue; 0 at the root does too',
      several,
      ['hola', '2', '1', '#', '2', '0', '1'],
      [
        { replies: [mainMenu] },
        { replies: [soporteRoot] },
        { replies: [internetLevel] },
        { replies: [mainMenu], chatbot: true },
        { replies: [soporteRoot], queueId: 2 },
        { replies: [mainMenu], chatbot: true },
        { replies: ['Bienvenido a Ventas'], queueId: 1, chatbot: false },
      ],
    ],
    [
      'options: an invalid answer repeats the level once',
      several,
      ['hola', '2', '9', 'x', '2'],
      [
        { replies: [mainMenu] },
        { replies: [soporteRoot] },
        { replies: [soporteRoot], queueId: 2, chatbot: true },
        { replies: [], queueId: 2, chatbot: true },
        { replies: ['Un agente le llamará'], queueId: 2, chatbot: false },
      ],
    ],
    [
      'a queue whose root has a single leaf: greeting-less queue, its message, bot ends',
      several,
      ['hola', '3'],
      [{ replies: [mainMenu] }, { replies: ['Le enviaremos su factura'], queueId: 3, chatbot: false }],
    ],
  ])('%s', (_name, queues, texts, expected, overrides) => {
    const turns = play(queues, texts, { config: overrides ?? {} });
    expected.forEach((want, index) => {
      expect(turns[index]).toMatchObject(want);
      if (!('queueId' in want) && want.replies?.[0] === mainMenu) expect(turns[index]!.queueId).toBeUndefined();
    });
  });

  it('counts main-menu sends against maxUseBotQueues and then stops for humans', () => {
    const turns = play(several, ['hola', 'x', 'y', '#', '#', '#', '1'], { config: { maxUses: 3 } });
    expect(turns.map((t) => t.replies.length)).toEqual([1, 1, 0, 1, 0, 0, 0]);
    // After the third menu the fourth request is refused: no queue, the bot is off.
    expect(turns[4]).toMatchObject({ replies: [], chatbot: false });
    expect(turns[4]!.queueId).toBeUndefined();
    // Once stopped it does not come back within the window, not even for a valid number.
    expect(turns[6]).toMatchObject({ replies: [], chatbot: false });
  });

  it('with maxUseBotQueues 0 there is no limit', () => {
    const turns = play(several, ['hola', '#', '#', '#', '#', '#'], { config: { maxUses: 0 } });
    expect(turns.every((t) => t.replies.length === 1)).toBe(true);
  });

  it('starts a new window after timeUseBotQueues minutes', () => {
    const at = (minutes: number) => new Date(Date.parse('2024-05-06T15:00:00Z') + minutes * 60_000);
    const turns = play(several, ['hola', '#', '#', 'otra vez', 'hola'], {
      config: { maxUses: 2, windowMinutes: 30 },
      times: [at(0), at(1), at(2), at(20), at(31)],
    });
    expect(turns.map((t) => t.replies.length)).toEqual([1, 1, 0, 0, 1]);
    expect(turns[4]).toMatchObject({ replies: [mainMenu], chatbot: true });
  });

  it('answers a closed queue with its out-of-hours message once and leaves the ticket there', () => {
    const closed: BotQueue = {
      ...soporte,
      outOfHoursMessage: 'Soporte atiende de lunes a viernes de 8 a 18',
      schedules: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
    };
    // Monday 21:00 in São Paulo (00:00 UTC Tuesday).
    const night = new Date('2024-05-07T00:00:00Z');
    const turns = play([ventas, closed], ['hola', '2'], { config: { queueHours: true }, times: [night, night] });
    expect(turns[1]).toMatchObject({ replies: ['Soporte atiende de lunes a viernes de 8 a 18'], queueId: 2, chatbot: false });
    const decision = botStep({
      state: { ...emptyBotState(), stage: 'menu' },
      text: '2',
      now: night,
      queues: [ventas, closed],
      options: () => soporteTree,
      config: { ...config, queueHours: true },
    });
    expect(decision?.outOfHoursPeriod).toBe('queue:2:2024-05-13T08:00');
  });

  it('has nothing to do without queues, or once the ticket has a queue and no walk', () => {
    expect(botStep({ state: emptyBotState(), text: 'hola', now: new Date(), queues: [], options: () => [], config })).toBeUndefined();
    expect(botStep({ state: emptyBotState(), queueId: 1, text: 'hola', now: new Date(), queues: several, options: () => [], config })).toBeUndefined();
  });

  it('names the one option tree a step needs', () => {
    expect(treeNeeded({ state: emptyBotState(), text: 'hola', queues: several })).toBeUndefined();
    expect(treeNeeded({ state: { ...emptyBotState(), stage: 'menu' }, text: '2', queues: several })).toBe(2);
    expect(treeNeeded({ state: { ...emptyBotState(), stage: 'menu' }, text: 'x', queues: several })).toBeUndefined();
    expect(treeNeeded({ state: { ...emptyBotState(), stage: 'options' }, queueId: 3, text: '0', queues: several })).toBe(3);
    expect(treeNeeded({ state: emptyBotState(), text: 'hola', queues: [soporte] })).toBe(2);
  });
});
