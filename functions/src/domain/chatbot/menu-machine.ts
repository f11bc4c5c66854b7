import { compareOptions } from '../queue-rules.ts';
import { answersOption, parseMenuAnswer, type MenuAnswer } from './answers.ts';
import type { BotMenu } from './menu-message.ts';
import { openingState, type HoursRow } from './opening-hours.ts';
import type { Language } from '@atende/shared/language';
import { optionMenuText, queueMenuText } from './texts.ts';

/**
 * The chatbot's menu walk (docs/chatbot.md), as a pure step: the ticket's bot state and one
 * customer message in, the replies and the next state out. Storage, sending and timers are the
 * caller's (modules/ingest/automation.ts).
 *
 * States: no stage (the bot has not spoken, or stopped) → `menu` (the queue list was sent,
 * waiting for a number) → `options` (inside a queue's option tree, at the level under
 * `optionId`, or its root) → no stage again when a leaf is reached, a queue without options is
 * chosen, the queue is closed, or the use limit is reached.
 */

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage?: string | null;
  outOfHoursMessage?: string | null;
  schedules?: readonly HoursRow[] | null;
}

export interface BotOption {
  id: number;
  parentId?: number | null;
  title: string;
  message?: string | null;
  option: string;
}

export interface BotState {
  stage?: 'menu' | 'options';
  /** Options stage: the option whose children are shown; absent for the queue's root level. */
  optionId?: number;
  /** Consecutive answers that matched nothing at the current menu. */
  invalid: number;
  /** Main-menu sends counted in the current window (maxUseBotQueues). */
  uses: number;
  /** When the current window began (the first counted send). */
  usesSince?: string;
}

export interface BotConfig {
  /** The connection's greetingMessage (the header of the main menu). */
  greetingMessage?: string | null;
  /** Setting sendGreetingMessageOneQueues: greet when the connection has a single queue. */
  greetOneQueue: boolean;
  /** maxUseBotQueues: main-menu sends allowed per window; 0 means no limit. */
  maxUses: number;
  /** timeUseBotQueues: the window in minutes; 0 means the whole conversation. */
  windowMinutes: number;
  /** Setting scheduleType is `queue`: a queue reached out of its hours answers its outOfHoursMessage. */
  queueHours: boolean;
  timeZone: string;
  /** The company's language: the menu's "Volver" / "Menú principal" lines (docs/i18n.md); absent: es. */
  language?: Language;
}

export interface BotInput {
  state: BotState;
  /** The ticket's queue before this message. */
  queueId?: number;
  text: string;
  now: Date;
  /** The connection's queues in menu order. */
  queues: readonly BotQueue[];
  /** A queue's whole option tree (flat, with parentId); the caller preloads the queue `treeNeeded` names. */
  options: (queueId: number) => readonly BotOption[];
  config: BotConfig;
  /** The closed period an out-of-hours answer was already sent for. */
  outOfHoursPeriod?: string;
}

export interface BotDecision {
  replies: string[];
  /** The replies that are menus (by index in `replies`), to send as lists or buttons too. */
  menus: { reply: number; menu: BotMenu }[];
  state: BotState;
  /** The ticket's `chatbot` flag: true while the bot waits for an answer. */
  chatbot: boolean;
  /** The ticket's queue after the step (absent: no queue). */
  queueId?: number;
  /** Set when an out-of-hours answer was sent (or is due) for this closed period. */
  outOfHoursPeriod?: string;
  /** Why the bot went quiet, when it did for a reason other than a finished walk. */
  stopped?: 'limit' | 'closed';
}

export const emptyBotState = (): BotState => ({ invalid: 0, uses: 0 });

/** Whether the bot has anything to do with a pending ticket: queues exist, and no queue yet or inside its options. */
export function botDrives(state: BotState, queueId: number | undefined, queues: readonly unknown[]): boolean {
  return queues.length > 0 && (queueId === undefined || state.stage === 'options');
}

/** The one queue whose option tree a step may walk, so the caller loads only that one. */
export function treeNeeded(input: Pick<BotInput, 'state' | 'queueId' | 'text' | 'queues'>): number | undefined {
  const { state, queueId, queues } = input;
  if (queues.length === 0) return undefined;
  if (state.stage === 'options' && queueId !== undefined) return queueId;
  if (queueId !== undefined) return undefined;
  if (queues.length === 1) return queues[0]!.id;
  if (state.stage !== 'menu') return undefined;
  const answer = parseMenuAnswer(input.text);
  if (answer.kind !== 'choice') return undefined;
  return queues[Number(answer.value) - 1]?.id;
}

function childrenOf(tree: readonly BotOption[], parentId: number | undefined): BotOption[] {
  return tree.filter((o) => (o.parentId ?? undefined) === parentId).sort(compareOptions);
}

/** The bot stops driving: the walk is over, the use counter stays for the conversation. */
function ended(state: BotState): BotState {
  return { invalid: 0, uses: state.uses, ...(state.usesSince ? { usesSince: state.usesSince } : {}) };
}

/** A new window starts when the previous one has passed (timeUseBotQueues > 0). */
function currentWindow(state: BotState, config: BotConfig, now: Date): BotState {
  if (config.windowMinutes > 0 && state.usesSince && now.getTime() - Date.parse(state.usesSince) >= config.windowMinutes * 60_000) {
    return { ...state, invalid: 0, uses: 0, usesSince: undefined };
  }
  return state;
}

class Step {
  readonly replies: string[] = [];
  readonly menus: BotDecision['menus'] = [];

  constructor(private readonly input: BotInput) {}

  private get config() {
    return this.input.config;
  }

  run(): BotDecision | undefined {
    const { queues, queueId } = this.input;
    const state = currentWindow(this.input.state, this.config, this.input.now);
    if (!botDrives(state, queueId, queues)) return undefined;
    if (state.stage === 'options' && queueId !== undefined) {
      const queue = queues.find((q) => q.id === queueId);
      // The queue left the connection meanwhile: the walk is over, humans take it there.
      if (!queue) return this.finish(ended(state), queueId);
      return this.answerOptions(queue, state);
    }
    if (queues.length === 1) {
      if (this.config.greetOneQueue && this.config.greetingMessage?.trim()) this.replies.push(this.config.greetingMessage.trim());
      return this.enterQueue(queues[0]!, { ...state, invalid: 0 });
    }
    if (state.stage !== 'menu') return this.mainMenu({ ...state, invalid: 0 }, undefined);
    const answer = parseMenuAnswer(this.input.text);
    if (answer.kind === 'choice') {
      const chosen = queues[Number(answer.value) - 1];
      if (/^\d+$/.test(answer.value) && chosen) return this.enterQueue(chosen, { ...state, invalid: 0 });
    }
    if (answer.kind === 'home') return this.mainMenu({ ...state, invalid: 0 }, undefined);
    return this.invalid(state, () => this.mainMenu({ ...state, invalid: state.invalid + 1 }, undefined));
  }

  /** An answer that matched nothing: the menu once more, then silence until a valid answer. */
  private invalid(state: BotState, repeat: () => BotDecision): BotDecision {
    if (state.invalid >= 1) return this.finish({ ...state, invalid: state.invalid + 1 }, this.input.queueId, true);
    return repeat();
  }

  private finish(state: BotState, queueId: number | undefined, chatbot = false, extra: Partial<BotDecision> = {}): BotDecision {
    return { replies: this.replies, menus: this.menus, state, chatbot, ...(queueId !== undefined ? { queueId } : {}), ...extra };
  }

  /** The queue list (a counted use). Over the limit the bot stops and leaves the ticket to humans. */
  private mainMenu(state: BotState, fromQueueId: number | undefined): BotDecision {
    const { maxUses } = this.config;
    if (maxUses > 0 && state.uses >= maxUses) return this.finish(ended(state), fromQueueId, false, { stopped: 'limit' });
    const entries = this.input.queues.map((queue, index) => ({ number: String(index + 1), title: queue.name }));
    this.menus.push({ reply: this.replies.length, menu: { header: this.config.greetingMessage, entries, navigation: false } });
    this.replies.push(queueMenuText(this.config.greetingMessage, this.input.queues));
    return this.finish(
      { stage: 'menu', invalid: state.invalid, uses: state.uses + 1, usesSince: state.usesSince ?? this.input.now.toISOString() },
      undefined,
      true,
    );
  }

  private enterQueue(queue: BotQueue, state: BotState): BotDecision {
    if (this.config.queueHours) {
      const hours = openingState(queue.schedules ?? [], this.input.now, this.config.timeZone);
      if (!hours.open) {
        const period = `queue:${queue.id}:${hours.period}`;
        const text = queue.outOfHoursMessage?.trim();
        if (text && period !== this.input.outOfHoursPeriod) this.replies.push(text);
        return this.finish(ended(state), queue.id, false, { outOfHoursPeriod: period, stopped: 'closed' });
      }
    }
    return this.enterLevel(queue, undefined, queue.greetingMessage, state);
  }

  /**
   * Shows a level: no options ends the walk (its header is the last word), one option is taken
   * at once, several are listed and awaited.
   */
  private enterLevel(queue: BotQueue, parentId: number | undefined, header: string | null | undefined, state: BotState): BotDecision {
    const tree = this.input.options(queue.id);
    const children = childrenOf(tree, parentId);
    if (children.length === 0) {
      if (header?.trim()) this.replies.push(header.trim());
      return this.finish(ended(state), queue.id);
    }
    if (children.length === 1) {
      if (header?.trim()) this.replies.push(header.trim());
      const only = children[0]!;
      return this.enterLevel(queue, only.id, only.message, state);
    }
    const entries = children.map((o) => ({ number: o.option, title: o.title }));
    this.menus.push({ reply: this.replies.length, menu: { header, entries, navigation: true } });
    this.replies.push(optionMenuText(header, entries, this.config.language));
    return this.finish(
      { ...state, stage: 'options', ...(parentId !== undefined ? { optionId: parentId } : { optionId: undefined }), invalid: 0 },
      queue.id,
      true,
    );
  }

  private answerOptions(queue: BotQueue, state: BotState): BotDecision {
    const tree = this.input.options(queue.id);
    const current = state.optionId;
    const answer: MenuAnswer = parseMenuAnswer(this.input.text);
    if (answer.kind === 'choice') {
      const picked = childrenOf(tree, current).find((o) => answersOption(answer.value, o.option));
      if (picked) return this.enterLevel(queue, picked.id, picked.message, { ...state, invalid: 0 });
    }
    if (answer.kind === 'home') return this.home(queue, state);
    if (answer.kind === 'back') {
      if (current === undefined) return this.home(queue, state);
      // Up one level, past levels of a single option (they were taken automatically on the way down).
      let level = tree.find((o) => o.id === current)?.parentId ?? undefined;
      for (;;) {
        if (childrenOf(tree, level).length >= 2) return this.showLevel(queue, level, { ...state, invalid: 0 });
        if (level === undefined) return this.home(queue, state);
        level = tree.find((o) => o.id === level)?.parentId ?? undefined;
      }
    }
    return this.invalid(state, () => {
      const repeated = this.showLevel(queue, current, state);
      return repeated.state.stage === 'options' ? { ...repeated, state: { ...repeated.state, invalid: state.invalid + 1 } } : repeated;
    });
  }

  private showLevel(queue: BotQueue, level: number | undefined, state: BotState): BotDecision {
    const header = level === undefined ? queue.greetingMessage : this.input.options(queue.id).find((o) => o.id === level)?.message;
    return this.enterLevel(queue, level, header, state);
  }

  /** `#`: the main menu (the queue is left) when there are several queues, else the queue's own first level. */
  private home(queue: BotQueue, state: BotState): BotDecision {
    if (this.input.queues.length > 1) return this.mainMenu({ ...state, invalid: 0 }, queue.id);
    return this.enterLevel(queue, undefined, queue.greetingMessage, { ...state, invalid: 0 });
  }
}

/** One customer message through the bot; undefined when the bot has nothing to do with the ticket. */
export function botStep(input: BotInput): BotDecision | undefined {
  return new Step(input).run();
}
