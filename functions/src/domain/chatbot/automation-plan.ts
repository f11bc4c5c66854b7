import type { ChatMenu } from '@atende/shared/entities/chat-menu';
import { parseRating, type Rating } from './answers.ts';
import { botDrives, botStep, emptyBotState, type BotConfig, type BotOption, type BotQueue, type BotState } from './menu-machine.ts';
import { chatMenuOf, type ChatBotType } from './menu-message.ts';
import { openingState, type HoursRow } from './opening-hours.ts';
import type { Language } from '@atende/shared/language';
import { ratingRequestText, ratingThanksText } from './texts.ts';
import { minutesAfter } from './timers.ts';

/**
 * What the system does with one customer message (docs/chatbot.md), decided from the ticket,
 * the connection, the company's settings and hours, and the message, without storage: the
 * rating answer, the out-of-hours answer, the chatbot's step, and the timers to (re)arm.
 */

export type ScheduleType = 'disabled' | 'company' | 'queue';

export interface AutomationSettings {
  scheduleType: ScheduleType;
  /** How menus go: numbered text, or also as a WhatsApp list or buttons (menu-message.ts). Default text. */
  chatBotType?: ChatBotType;
  sendGreetingMessageOneQueues: boolean;
  userRating: boolean;
  sendGreetingAccepted: boolean;
  sendMsgTransfTicket: boolean;
}

export interface AutomationConnection {
  greetingMessage?: string | null;
  complationMessage?: string | null;
  outOfHoursMessage?: string | null;
  ratingMessage?: string | null;
  expiresInactiveMessage?: string | null;
  expiresTicket?: number | null;
  timeUseBotQueues?: number | null;
  maxUseBotQueues?: number | null;
  timeToTransfer?: number | null;
  transferQueueId?: number | null;
  queueIds?: readonly number[] | null;
}

export interface AutomationContext {
  settings: AutomationSettings;
  connection: AutomationConnection;
  /** The company's weekday hours (scheduleType company). */
  companyHours: readonly HoursRow[];
  timeZone: string;
  /** The company's language: the default texts' (docs/i18n.md); absent: es. */
  language?: Language;
}

/** The ticket fields automation reads (ticket-entity.ts). */
export interface AutomationTicket {
  status: 'pending' | 'open' | 'closed';
  userId?: number;
  queueId?: number;
  isGroup?: boolean;
  chatbot?: boolean;
  botStage?: 'menu' | 'options';
  botOptionId?: number;
  botInvalid?: number;
  botUses?: number;
  botUsesSince?: string;
  outOfHoursPeriod?: string;
  transferAt?: string;
  expireAt?: string;
  ratingAt?: string;
  ratingUserId?: number;
  ratingAsks?: number;
}

export function botStateOf(ticket: AutomationTicket): BotState {
  return {
    ...emptyBotState(),
    ...(ticket.botStage ? { stage: ticket.botStage } : {}),
    ...(ticket.botOptionId !== undefined ? { optionId: ticket.botOptionId } : {}),
    invalid: ticket.botInvalid ?? 0,
    uses: ticket.botUses ?? 0,
    ...(ticket.botUsesSince ? { usesSince: ticket.botUsesSince } : {}),
  };
}

/** A resolved ticket waiting for its rating: closed, with a rating deadline still ahead. */
export function awaitingRating(ticket: Pick<AutomationTicket, 'status' | 'ratingAt'>, now: Date): boolean {
  return ticket.status === 'closed' && Boolean(ticket.ratingAt) && Date.parse(ticket.ratingAt!) > now.getTime();
}

function transferConfigured(connection: AutomationConnection): boolean {
  return (connection.timeToTransfer ?? 0) > 0 && Boolean(connection.transferQueueId);
}

/**
 * Before the message is stored: whether it needs the automation step at all, so most messages
 * (an agent's open conversation without an inactivity limit) cost nothing more. Group chats
 * are left to humans: no bot, no out-of-hours answer, no timers.
 */
export function needsAutomation(ticket: AutomationTicket, context: AutomationContext, now: Date): boolean {
  if (ticket.isGroup) return false;
  if (awaitingRating(ticket, now)) return true;
  if (ticket.status === 'open') return (context.connection.expiresTicket ?? 0) > 0;
  if (ticket.status !== 'pending') return false;
  return (
    botDrives(botStateOf(ticket), ticket.queueId, context.connection.queueIds ?? []) ||
    context.settings.scheduleType !== 'disabled' ||
    (ticket.queueId === undefined && transferConfigured(context.connection))
  );
}

export interface TimerPlan {
  /** The auto-transfer deadline, or null for none. */
  transfer: Date | null;
  /** The inactivity deadline, or null for none. */
  expire: Date | null;
}

/**
 * The timers a ticket in this state should have, counted from `now` (new activity): a pending
 * ticket without queue or agent moves to transferQueueId after timeToTransfer minutes; an open
 * ticket closes after expiresTicket minutes without a customer message.
 */
export function plannedTimers(
  ticket: Pick<AutomationTicket, 'status' | 'userId' | 'queueId' | 'isGroup'>,
  connection: AutomationConnection,
  now: Date,
): TimerPlan {
  if (ticket.isGroup) return { transfer: null, expire: null };
  const transfer =
    ticket.status === 'pending' && ticket.userId === undefined && ticket.queueId === undefined && transferConfigured(connection)
      ? minutesAfter(now, connection.timeToTransfer!)
      : null;
  const expire = ticket.status === 'open' && (connection.expiresTicket ?? 0) > 0 ? minutesAfter(now, connection.expiresTicket!) : null;
  return { transfer, expire };
}

export type RatingOutcome = { kind: 'rated'; rating: Rating; ratedUserId?: number } | { kind: 'reask' } | { kind: 'end' };

/** The texts that end a conversation: the completion message (after a rating, thanks when none is set). */
export function completionTexts(connection: AutomationConnection, rated: boolean, language: Language = 'es'): string[] {
  const completion = connection.complationMessage?.trim();
  if (completion) return [completion];
  return rated ? [ratingThanksText(language)] : [];
}

/** An answer to the rating question: 1-3 is stored; anything else asks once more, then ends the wait. */
export function planRatingAnswer(
  ticket: Pick<AutomationTicket, 'ratingAsks' | 'ratingUserId'>,
  text: string,
  connection: AutomationConnection,
  language: Language = 'es',
): { outcome: RatingOutcome; replies: string[] } {
  const rating = parseRating(text);
  if (rating !== undefined) {
    return {
      outcome: { kind: 'rated', rating, ...(ticket.ratingUserId !== undefined ? { ratedUserId: ticket.ratingUserId } : {}) },
      replies: completionTexts(connection, true, language),
    };
  }
  if ((ticket.ratingAsks ?? 1) < 2) return { outcome: { kind: 'reask' }, replies: [ratingRequestText(connection.ratingMessage, language)] };
  return { outcome: { kind: 'end' }, replies: completionTexts(connection, false, language) };
}

export interface InboundPlan {
  replies: string[];
  /** Replies to send as a list or buttons too (by index in `replies`; setting chatBotType). */
  menus?: { reply: number; menu: ChatMenu }[];
  /** The bot's new state, when it acted (written with the step). */
  bot?: { state: BotState; chatbot: boolean };
  /** The ticket's queue after the step. */
  queueId?: number;
  outOfHoursPeriod?: string;
  rating?: RatingOutcome;
  /** Only for a non-closed ticket: the timers after this activity. */
  timers?: TimerPlan;
}

export interface BotData {
  /** The connection's queues in menu order (and the ticket's own queue, if another). */
  queues: readonly BotQueue[];
  options: (queueId: number) => readonly BotOption[];
  /** The bot (AI prompt or integration) of each queue read, for the bot turn (modules/bot-turn). */
  queueBots?: (queueId: number) => { promptId?: number; integrationId?: number } | undefined;
}

function botConfig(context: AutomationContext): BotConfig {
  const { connection, settings } = context;
  return {
    greetingMessage: connection.greetingMessage,
    greetOneQueue: settings.sendGreetingMessageOneQueues,
    maxUses: connection.maxUseBotQueues ?? 0,
    windowMinutes: connection.timeUseBotQueues ?? 0,
    queueHours: settings.scheduleType === 'queue',
    timeZone: context.timeZone,
    ...(context.language ? { language: context.language } : {}),
  };
}

/**
 * One customer message, after it was stored. `data.queues` holds the connection's queues
 * (in menu order) plus the ticket's current queue; `connectionQueueIds` says which of them the
 * menu lists.
 */
export function planInbound(ticket: AutomationTicket, text: string, context: AutomationContext, data: BotData, now: Date): InboundPlan {
  if (ticket.isGroup) return { replies: [] };
  if (awaitingRating(ticket, now)) {
    const { outcome, replies } = planRatingAnswer(ticket, text, context.connection, context.language);
    return { replies, rating: outcome };
  }
  if (ticket.status === 'closed') return { replies: [] };
  if (ticket.status === 'open') return { replies: [], timers: plannedTimers(ticket, context.connection, now) };

  const replies: string[] = [];
  const menus: NonNullable<InboundPlan['menus']> = [];
  let queueId = ticket.queueId;
  let bot: InboundPlan['bot'];
  let outOfHoursPeriod: string | undefined;
  const menuQueues = data.queues.filter((q) => context.connection.queueIds?.includes(q.id));
  const state = botStateOf(ticket);

  const company = context.settings.scheduleType === 'company' ? openingState(context.companyHours, now, context.timeZone) : { open: true as const };
  if (!company.open) {
    // Out of the company's hours the bot waits: one answer per closed period, then silence.
    const period = `company:${company.period}`;
    const text = context.connection.outOfHoursMessage?.trim();
    if (text && period !== ticket.outOfHoursPeriod) replies.push(text);
    outOfHoursPeriod = period;
  } else if (botDrives(state, queueId, menuQueues)) {
    const decision = botStep({
      state,
      ...(queueId !== undefined ? { queueId } : {}),
      text,
      now,
      queues: menuQueues,
      options: data.options,
      config: botConfig(context),
      ...(ticket.outOfHoursPeriod ? { outOfHoursPeriod: ticket.outOfHoursPeriod } : {}),
    });
    if (decision) {
      for (const { reply, menu } of decision.menus) {
        const chatMenu = chatMenuOf(context.settings.chatBotType ?? 'text', menu, context.language);
        if (chatMenu) menus.push({ reply: replies.length + reply, menu: chatMenu });
      }
      replies.push(...decision.replies);
      bot = { state: decision.state, chatbot: decision.chatbot };
      queueId = decision.queueId;
      outOfHoursPeriod = decision.outOfHoursPeriod;
    }
  } else if (queueId !== undefined && context.settings.scheduleType === 'queue') {
    const queue = data.queues.find((q) => q.id === queueId);
    const hours = queue ? openingState(queue.schedules ?? [], now, context.timeZone) : { open: true as const };
    if (queue && !hours.open) {
      const period = `queue:${queue.id}:${hours.period}`;
      const text = queue.outOfHoursMessage?.trim();
      if (text && period !== ticket.outOfHoursPeriod) replies.push(text);
      outOfHoursPeriod = period;
    }
  }
  return {
    replies,
    ...(menus.length > 0 ? { menus } : {}),
    ...(bot ? { bot } : {}),
    ...(queueId !== undefined ? { queueId } : {}),
    ...(outOfHoursPeriod ? { outOfHoursPeriod } : {}),
    timers: plannedTimers({ ...ticket, queueId }, context.connection, now),
  };
}
