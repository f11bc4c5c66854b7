import { describe, expect, it } from 'vitest';
import {
  botMayAnswer,
  botRunState,
  botSourceOf,
  botTakesMessage,
  historyUpTo,
  type BotTicket,
} from '#domain/bot-turn-rules';

const pending: BotTicket = { status: 'pending', queueId: 4 };

describe('whether a bot answers a ticket', () => {
  it('answers pending tickets without an agent, not groups, not once it handed over', () => {
    expect(botMayAnswer(pending)).toBe(true);
    expect(botMayAnswer({ ...pending, status: 'open', userId: 2 })).toBe(false);
    expect(botMayAnswer({ ...pending, userId: 2 })).toBe(false);
    expect(botMayAnswer({ ...pending, isGroup: true })).toBe(false);
    expect(botRunState({ ...pending, useIntegration: true, promptId: 1 })).toBe('running');
    expect(botRunState({ ...pending, useIntegration: false, promptId: 1 })).toBe('stopped');
    expect(botMayAnswer({ ...pending, useIntegration: false, promptId: 1 })).toBe(false);
    expect(botRunState(pending)).toBe('idle');
  });

  it("takes the running bot, else the queue's prompt, then its integration; without a queue, the connection's", () => {
    expect(
      botSourceOf({ ...pending, useIntegration: true, integrationId: 9 }, { promptId: 1 }, undefined),
    ).toEqual({ kind: 'integration', id: 9 });
    expect(botSourceOf(pending, { promptId: 1, integrationId: 2 }, { promptId: 3 })).toEqual({
      kind: 'prompt',
      id: 1,
    });
    expect(botSourceOf(pending, { integrationId: 2 }, { promptId: 3 })).toEqual({
      kind: 'integration',
      id: 2,
    });
    expect(botSourceOf(pending, {}, { promptId: 3 })).toBeUndefined();
    expect(botSourceOf({ status: 'pending' }, undefined, { promptId: 3 })).toEqual({ kind: 'prompt', id: 3 });
    expect(botSourceOf({ status: 'pending' }, undefined, {})).toBeUndefined();
  });
});

describe('the history a turn reads', () => {
  const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
  const newestFirst = [
    { id: 'm5', createdAt: at(5) },
    { id: 'm4', createdAt: at(4) },
    { id: 'm3', createdAt: at(3), isDeleted: true },
    { id: 'm2', createdAt: at(2) },
    { id: 'm1', createdAt: at(1) },
  ];

  it('ends with the message answered (later ones wait for their turn), oldest first, without deleted ones', () => {
    expect(historyUpTo(newestFirst, { id: 'm4', createdAt: at(4) }, 10).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm4',
    ]);
    expect(historyUpTo(newestFirst, { id: 'm4', createdAt: at(4) }, 2).map((m) => m.id)).toEqual([
      'm2',
      'm4',
    ]);
  });
});

describe("which customer messages go to the queue's bot (judged after the chatbot's step)", () => {
  const fresh: BotTicket = { status: 'pending' };
  it.each<[string, BotTicket, BotTicket, boolean]>([
    ['the first message a one-queue connection places in its queue', fresh, pending, true],
    ['a message of a ticket already in the queue', pending, pending, true],
    ['the first message that gets the menu', fresh, { ...fresh, botStage: 'menu' }, false],
    ['the answer that chooses a queue from the menu', { ...fresh, botStage: 'menu' }, pending, false],
    ['the first message that shows the queue’s options', fresh, { ...pending, botStage: 'options' }, false],
    ['an answer to the options', { ...pending, botStage: 'options' }, pending, false],
    [
      'any message while a bot runs the ticket',
      { ...pending, botStage: 'options' },
      { ...pending, useIntegration: true, promptId: 1 },
      true,
    ],
    [
      'a message once the bot handed over',
      pending,
      { ...pending, useIntegration: false, promptId: 1 },
      false,
    ],
    ['a message of a ticket an agent took', pending, { ...pending, status: 'open', userId: 3 }, false],
  ])('%s', (_label, before, after, expected) => {
    expect(botTakesMessage(before, after)).toBe(expected);
  });
});
