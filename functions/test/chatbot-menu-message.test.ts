import { describe, expect, it } from 'vitest';
import { planInbound, type AutomationContext, type BotData } from '../src/domain/chatbot/automation-plan.ts';
import { botStep, emptyBotState, type BotConfig, type BotOption, type BotQueue } from '../src/domain/chatbot/menu-machine.ts';
import { answerText, chatMenuOf, storedMenu, type BotMenu } from '../src/domain/chatbot/menu-message.ts';
import { queueMenuText } from '../src/domain/chatbot/texts.ts';

const twoQueues: BotMenu = {
  header: '¡Hola {{name}}!\nElija un sector:',
  entries: [
    { number: '1', title: 'Ventas' },
    { number: '2', title: 'Soporte' },
  ],
  navigation: false,
};
const optionLevel: BotMenu = {
  header: 'Bienvenido a Soporte',
  entries: [
    { number: '1', title: 'Internet' },
    { number: '2', title: 'Teléfono' },
  ],
  navigation: true,
};

describe('menus as lists and buttons (chatBotType)', () => {
  it('text sends no list or buttons: the numbered text alone', () => {
    expect(chatMenuOf('text', twoQueues)).toBeUndefined();
  });

  it('list: one row per entry, answering the number; title from the header’s first line', () => {
    expect(chatMenuOf('list', twoQueues)).toEqual({
      type: 'list',
      title: '¡Hola {{name}}!',
      buttonText: 'Ver opciones',
      rows: [
        { id: '1', title: 'Ventas' },
        { id: '2', title: 'Soporte' },
      ],
    });
  });

  it('option levels also offer Volver (0) and Menú principal (#) as rows', () => {
    expect(chatMenuOf('list', optionLevel)?.rows).toEqual([
      { id: '1', title: 'Internet' },
      { id: '2', title: 'Teléfono' },
      { id: '0', title: 'Volver' },
      { id: '#', title: 'Menú principal' },
    ]);
  });

  it('button: up to 3 rows are buttons; more become a list (WhatsApp allows 3 buttons)', () => {
    expect(chatMenuOf('button', twoQueues)).toMatchObject({ type: 'buttons', rows: [{ id: '1' }, { id: '2' }] });
    expect(chatMenuOf('button', twoQueues)).not.toHaveProperty('buttonText');
    const three = { ...twoQueues, entries: [...twoQueues.entries, { number: '3', title: 'Cobros' }] };
    expect(chatMenuOf('button', three)?.type).toBe('buttons');
    // 2 options + Volver + Menú principal = 4 rows: a list.
    expect(chatMenuOf('button', optionLevel)).toMatchObject({ type: 'list', buttonText: 'Ver opciones' });
  });

  it('falls back to text when WhatsApp cannot carry it: over 10 rows, long or repeated ids', () => {
    const eleven = { header: 'x', navigation: false, entries: Array.from({ length: 11 }, (_, i) => ({ number: String(i + 1), title: `Cola ${i + 1}` })) };
    expect(chatMenuOf('list', eleven)).toBeUndefined();
    expect(chatMenuOf('list', { ...eleven, entries: eleven.entries.slice(0, 10) })?.rows).toHaveLength(10);
    expect(chatMenuOf('list', { header: null, navigation: false, entries: [{ number: 'a'.repeat(21), title: 'Larga' }] })).toBeUndefined();
    expect(chatMenuOf('list', { header: null, navigation: true, entries: [{ number: '0', title: 'Cero' }, { number: '1', title: 'Uno' }] })).toBeUndefined();
  });

  it('cuts long titles to WhatsApp’s limits and leaves out an empty header', () => {
    const menu = chatMenuOf('list', { header: '  ', navigation: false, entries: [{ number: '1', title: 'Atención comercial para empresas grandes' }, { number: '2', title: 'B' }] });
    expect(menu).not.toHaveProperty('title');
    expect(menu?.rows[0]!.title).toBe('Atención comercial para…');
    expect(menu?.rows[0]!.title.length).toBeLessThanOrEqual(24);
  });

  it('a tap answers its row id; typing still answers the text', () => {
    expect(answerText({ body: 'Soporte', selectedId: '2' })).toBe('2');
    expect(answerText({ body: '2', selectedId: null })).toBe('2');
    expect(answerText({ body: 'hola' })).toBe('hola');
    expect(answerText({ body: 'Volver', selectedId: ' 0 ' })).toBe('0');
  });

  it('reads a stored menu back, and nothing from what is not one', () => {
    const menu = chatMenuOf('list', twoQueues)!;
    expect(storedMenu(JSON.stringify(menu))).toEqual(menu);
    expect(storedMenu(undefined)).toBeNull();
    expect(storedMenu('not json')).toBeNull();
    expect(storedMenu(JSON.stringify({ type: 'carousel', rows: [] }))).toBeNull();
  });
});

const ventas: BotQueue = { id: 1, name: 'Ventas' };
const soporte: BotQueue = { id: 2, name: 'Soporte', greetingMessage: 'Bienvenido a Soporte' };
const soporteTree: BotOption[] = [
  { id: 10, title: 'Internet', message: 'Elija su problema', option: '1' },
  { id: 11, title: 'Teléfono', message: 'Un agente le llamará', option: '2' },
];
const config: BotConfig = { greetingMessage: 'Elija un sector:', greetOneQueue: false, maxUses: 3, windowMinutes: 0, queueHours: false, timeZone: 'America/Sao_Paulo' };

describe('the menu walk names its menus', () => {
  it('the main menu and an option level are menus; other replies are not', () => {
    const first = botStep({ state: emptyBotState(), text: 'hola', now: new Date(), queues: [ventas, soporte], options: () => soporteTree, config })!;
    expect(first.menus).toEqual([{ reply: 0, menu: { header: 'Elija un sector:', entries: [{ number: '1', title: 'Ventas' }, { number: '2', title: 'Soporte' }], navigation: false } }]);
    const level = botStep({ state: first.state, text: '2', now: new Date(), queues: [ventas, soporte], options: () => soporteTree, config })!;
    expect(level.queueId).toBe(2);
    expect(level.menus).toEqual([{ reply: 0, menu: { header: 'Bienvenido a Soporte', entries: [{ number: '1', title: 'Internet' }, { number: '2', title: 'Teléfono' }], navigation: true } }]);
    const leaf = botStep({ state: level.state, queueId: 2, text: '2', now: new Date(), queues: [ventas, soporte], options: () => soporteTree, config })!;
    expect(leaf.replies).toEqual(['Un agente le llamará']);
    expect(leaf.menus).toEqual([]);
  });

  it('a tapped row id walks like the typed number', () => {
    const first = botStep({ state: emptyBotState(), text: 'hola', now: new Date(), queues: [ventas, soporte], options: () => soporteTree, config })!;
    const tapped = botStep({ state: first.state, text: answerText({ body: 'Soporte', selectedId: '2' }), now: new Date(), queues: [ventas, soporte], options: () => soporteTree, config })!;
    expect(tapped.queueId).toBe(2);
  });
});

describe('the plan carries the menus for the company’s chatBotType', () => {
  const data: BotData = { queues: [ventas, soporte], options: () => soporteTree };
  const context = (chatBotType?: 'text' | 'list' | 'button'): AutomationContext => ({
    settings: { scheduleType: 'disabled', sendGreetingMessageOneQueues: false, userRating: false, sendGreetingAccepted: false, sendMsgTransfTicket: false, ...(chatBotType ? { chatBotType } : {}) },
    connection: { greetingMessage: 'Elija un sector:', queueIds: [1, 2], maxUseBotQueues: 3 },
    companyHours: [],
    timeZone: 'America/Sao_Paulo',
  });

  it('text (and no setting) plans no menus; the numbered text is the same in every type', () => {
    const text = planInbound({ status: 'pending' }, 'hola', context('text'), data, new Date());
    expect(text.menus).toBeUndefined();
    expect(planInbound({ status: 'pending' }, 'hola', context(), data, new Date()).menus).toBeUndefined();
    const list = planInbound({ status: 'pending' }, 'hola', context('list'), data, new Date());
    expect(list.replies).toEqual(text.replies);
    expect(list.replies).toEqual([queueMenuText('Elija un sector:', [ventas, soporte])]);
    expect(list.menus).toEqual([{ reply: 0, menu: expect.objectContaining({ type: 'list', rows: [{ id: '1', title: 'Ventas' }, { id: '2', title: 'Soporte' }] }) }]);
  });

  it('button: the two-queue menu as buttons', () => {
    const plan = planInbound({ status: 'pending' }, 'hola', context('button'), data, new Date());
    expect(plan.menus?.[0]?.menu).toMatchObject({ type: 'buttons', title: 'Elija un sector:' });
  });
});
