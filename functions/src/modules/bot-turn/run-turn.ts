import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, putMedia, s3Client } from '#aws/s3';
import { getContact, type ContactRecord } from '#data/contacts';
import { getMessage, listTicketMessages, type MessageRecord } from '#data/messages';
import { addAiTokens, getPrompt, takeAiCall } from '#data/prompts';
import { getQueueIntegration } from '#data/queue-integrations';
import { getQueue } from '#data/queues';
import { writeAutomation, type AutomationWrite, type SystemMessageItem } from '#data/ticket-automation';
import { nextId } from '#data/ids';
import { getTicket, type TicketRecord } from '#data/tickets';
import { getWhatsapp } from '#data/whatsapps';
import { botMayAnswer, botSourceOf, historyUpTo, type BotSource } from '#domain/bot-turn-rules';
import { transferNoticeText } from '#domain/chatbot/texts';
import { mediaKeyOf } from '#domain/media-rules';
import { planAiCallCap, retryDelayMs, usageDay } from '#domain/prompt-rules';
import { languageOf, type Language } from '@atende/shared/language';
import { companyContext } from '#http/company-context';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { secretBox } from '#homes/adapters';
import { chatOf } from '#domain/contact-chat';
import { derivedMessageId, systemMessageItems } from '../messages/system-message.ts';
import type { PromptConfig } from './openai-provider.ts';
import { ProviderUnavailable, type BotProvider, type BotTurn, type BotTurnOutcome } from './provider.ts';
import { providerFor } from './registry.ts';
import { logger } from '#observability/logger';
import { countMetric, metricNames } from '#observability/metrics';

/** One customer message for the bot turn (the bot-turns FIFO queue: one group per ticket). */
export interface BotTurnJob {
  companyId: number;
  ticketId: number;
  messageId: string;
}

/** Ids of the bot's replies to one customer message: the same on every run (the reply-id rule). */
export function botReplyIds(companyId: number, messageId: string) {
  return (index: number) => derivedMessageId(companyId, `bot:${messageId}`, index);
}

/** Provider retries after the first call (BOT_TURN_RETRIES) and the first backoff (BOT_TURN_BACKOFF_MS). */
const retries = () => {
  const value = Number(process.env.BOT_TURN_RETRIES);
  return Number.isInteger(value) && value >= 0 ? value : 2;
};
const backoffMs = () => Number(process.env.BOT_TURN_BACKOFF_MS) || 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const notes = {
  failed: 'El asistente automático no pudo responder; un agente continuará la atención.',
  cap: 'Se alcanzó el límite diario de respuestas de IA de la empresa; un agente continuará la atención.',
};

function log(level: 'info' | 'warn', message: string, fields: Record<string, unknown>) {
  // Never the key, the prompt or the customer's words: ids, kinds and statuses only.
  logger[level](message, fields);
}

async function readMedia(key: string): Promise<Uint8Array | undefined> {
  try {
    const answer = await s3Client.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return answer.Body ? await answer.Body.transformToByteArray() : undefined;
  } catch (error) {
    log('warn', 'bot turn could not read media', { key, error: (error as Error).name });
    return undefined;
  }
}

/**
 * The company's AI calls a day: its plan's cap, else the platform's default (the company and its
 * plan as this container keeps them for 30 s; a plan changed meanwhile is honoured within that).
 */
/** The company's language (the transfer notice's, docs/i18n.md); Spanish when it is gone or has none. */
async function companyLanguage(companyId: number): Promise<Language> {
  return companyContext(companyId).then(
    (context) => languageOf(context.company.language),
    () => languageOf(undefined),
  );
}

async function companyAiCallCap(companyId: number): Promise<number> {
  // A company gone meanwhile (its purge) falls back to the default; its data goes with it anyway.
  const plan = await companyContext(companyId).then(
    (context) => context.plan,
    () => undefined,
  );
  return planAiCallCap(plan, process.env.ATENDE_AI_DAILY_CALLS);
}

/** The provider and its config for a source, or undefined when the record is gone. */
async function providerAndConfig(
  companyId: number,
  source: BotSource,
): Promise<{ provider: BotProvider; config: unknown; kind: string } | undefined> {
  if (source.kind === 'prompt') {
    const prompt = await getPrompt(companyId, source.id);
    const provider = providerFor('prompt');
    if (!prompt || !provider) return undefined;
    const box = await secretBox();
    const config: PromptConfig = {
      prompt,
      apiKey: await box.open(companyId, prompt.apiKeySealed),
      ...(prompt.voiceKeySealed ? { voiceKey: await box.open(companyId, prompt.voiceKeySealed) } : {}),
    };
    return { provider, config, kind: 'prompt' };
  }
  const integration = await getQueueIntegration(companyId, source.id);
  const provider = integration ? providerFor(integration.type) : undefined;
  if (!integration || !provider) return undefined;
  return { provider, config: integration, kind: integration.type };
}

/** The provider's answer, retried with backoff while it is unavailable; undefined when it never came. */
async function answerWithRetries(
  provider: BotProvider,
  turn: BotTurn,
  config: unknown,
  job: BotTurnJob,
): Promise<BotTurnOutcome | undefined> {
  const attempts = 1 + retries();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await provider.answer(turn, config);
    } catch (error) {
      const retryable = error instanceof ProviderUnavailable;
      log('warn', 'bot provider failed', {
        kind: provider.kind,
        companyId: job.companyId,
        ticketId: job.ticketId,
        attempt,
        retryable,
        error: (error as Error).message,
      });
      if (!retryable || attempt >= attempts) return undefined;
      await sleep(retryDelayMs(attempt, backoffMs(), error.retryAfterSeconds));
    }
  }
}

function parseState(ticket: TicketRecord): Record<string, unknown> | undefined {
  if (!ticket.botState) return undefined;
  try {
    return JSON.parse(ticket.botState) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The stored replies (media replies uploaded first), in order right after the customer's message. */
async function replyItems(
  ticket: TicketRecord,
  outcome: BotTurnOutcome,
  ids: (index: number) => string,
  after: string,
): Promise<SystemMessageItem[]> {
  // Texts are sent as the provider wrote them: no template rendering of what a model answered.
  const items = systemMessageItems(
    ticket,
    undefined,
    outcome.replies.map((reply) => reply.body),
    ids,
    after,
  );
  for (const [index, reply] of outcome.replies.entries()) {
    const item = items[index]!;
    item.body = reply.body;
    if (reply.media) {
      const key = mediaKeyOf(ticket.companyId, ticket.whatsappId, item.id);
      await putMedia(key, reply.media.data, reply.media.mimetype, reply.media.fileName);
      Object.assign(item, {
        mediaType: reply.mediaType ?? 'audio',
        mediaKey: key,
        mimetype: reply.media.mimetype,
        mediaName: reply.media.fileName,
        mediaSize: reply.media.data.byteLength,
      });
    }
  }
  return items;
}

async function dispatch(
  ticket: TicketRecord,
  contact: ContactRecord,
  items: SystemMessageItem[],
  delays: (number | undefined)[],
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const delay = delays[index];
    if (delay && index > 0) await sleep(Math.min(delay, 10_000));
    await sendConnectorCommand({
      type: 'sendMessage',
      commandId: `bot-${item.id}`,
      companyId: ticket.companyId,
      whatsappId: ticket.whatsappId,
      messageId: item.id,
      ticketId: ticket.id,
      to: chatOf(contact),
      body: item.mediaKey ? '' : item.body,
      ...(item.mediaKey
        ? {
            media: {
              key: item.mediaKey,
              mimetype: item.mimetype!,
              fileName: item.mediaName ?? null,
              sizeBytes: item.mediaSize,
            },
          }
        : {}),
    });
  }
}

/**
 * Sends again the replies a turn stored but may not have handed over (the process stopped
 * between the two), voice notes with their audio: those still unsent (ack 0, no error), in order.
 */
async function resendBotReplies(
  ticket: TicketRecord,
  contact: ContactRecord | undefined,
  ids: (index: number) => string,
): Promise<void> {
  const unsent: SystemMessageItem[] = [];
  for (let index = 0; ; index += 1) {
    const message = await getMessage(ticket.companyId, ids(index));
    if (!message) break;
    if ((message.ack ?? 0) === 0 && !message.error && !message.isDeleted)
      unsent.push({ ...message, body: message.body ?? '' });
  }
  if (unsent.length === 0) return;
  const to = contact ?? (await getContact(ticket.companyId, ticket.contactId));
  if (to) await dispatch(ticket, to, unsent, []);
}

/**
 * The ticket write of an outcome: the bot's messages, who runs the ticket, its session, a hand-off
 * (with its note for the agents, in the same transaction: one note per hand-off) or a close.
 */
function outcomeWrite(
  source: BotSource,
  outcome: BotTurnOutcome,
  items: SystemMessageItem[],
  noteId: number | undefined,
): AutomationWrite {
  const stops = Boolean(outcome.handOff || outcome.close);
  const values: NonNullable<AutomationWrite['values']> = {
    useIntegration: !stops,
    ...(source.kind === 'prompt' ? { promptId: source.id } : { integrationId: source.id }),
  };
  if (outcome.state === null || stops) values.botState = undefined;
  else if (outcome.state) values.botState = JSON.stringify(outcome.state);
  const note =
    outcome.handOff && noteId !== undefined
      ? {
          id: noteId,
          // The bot is the author (no user): shown as "Bot" (docs/decisions.md, "Hand-off notes").
          userId: 0,
          author: 'bot' as const,
          note: outcome.handOff.note ?? 'El asistente transfirió la conversación a un agente.',
        }
      : undefined;
  return {
    values,
    messages: items,
    ...(outcome.close ? { move: { status: 'closed' as const } } : {}),
    // The hand-off is on the ticket's timeline too, in the same write as its note.
    ...(note ? { note, events: [{ action: 'bot-handoff' as const }] } : {}),
  };
}

/**
 * One customer message answered by the ticket's bot (docs/decisions.md, "AI prompts": the bot
 * turn). Exactly once: the replies' ids derive from the customer's message, and they are
 * written in the same guarded transaction as the ticket's bot state, so a redelivery (of the
 * message, or of this job after a slow provider) finds them and only re-sends what was unsent.
 * An agent who accepted the ticket meanwhile wins: the write's guard fails and nothing is sent.
 */
export async function runBotTurn(job: BotTurnJob): Promise<void> {
  const { companyId, ticketId, messageId } = job;
  const ids = botReplyIds(companyId, messageId);
  let ticket = await getTicket(companyId, ticketId);
  if (!ticket || !botMayAnswer(ticket)) return;
  if (await getMessage(companyId, ids(0))) {
    await resendBotReplies(ticket, undefined, ids);
    return;
  }
  const [message, contact, queue, whatsapp] = await Promise.all([
    getMessage(companyId, messageId),
    getContact(companyId, ticket.contactId),
    ticket.queueId !== undefined ? getQueue(companyId, ticket.queueId) : undefined,
    ticket.queueId === undefined ? getWhatsapp(companyId, ticket.whatsappId) : undefined,
  ]);
  if (!message || message.fromMe || message.ticketId !== ticketId || !contact) return;
  const source = botSourceOf(ticket, queue, whatsapp);
  if (!source) return;
  const resolved = await providerAndConfig(companyId, source);
  if (!resolved) return;

  const turn: BotTurn = {
    companyId,
    ticket,
    contact,
    message: {
      id: message.id,
      body: message.body ?? '',
      ...(message.mediaType ? { mediaType: message.mediaType } : {}),
      ...(message.mediaKey ? { mediaKey: message.mediaKey } : {}),
      timestamp: message.createdAt,
    },
    history: async () => {
      const { messages } = await listTicketMessages(companyId, ticketId, { limit: 60 });
      const count = source.kind === 'prompt' ? (resolved.config as PromptConfig).prompt.maxMessages : 20;
      return historyUpTo<MessageRecord>(messages, message, count).map((m) => ({
        fromMe: m.fromMe,
        body: m.body ?? '',
      }));
    },
    state: parseState(ticket),
    readMedia,
  };

  const day = usageDay(new Date());
  let outcome: BotTurnOutcome | undefined;
  let note: string | undefined;
  if (
    source.kind === 'prompt' &&
    !(await takeAiCall(companyId, day, await companyAiCallCap(companyId)))
  ) {
    note = notes.cap;
  } else {
    outcome = await answerWithRetries(resolved.provider, turn, resolved.config, job);
    if (!outcome) note = notes.failed;
    // Bot turns and those that got no answer, by provider kind (docs/operations.md, "Metrics").
    countMetric(metricNames.botTurns, { kind: resolved.provider.kind });
    if (!outcome) countMetric(metricNames.botTurnFailures, { kind: resolved.provider.kind });
  }
  if (outcome?.usage && source.kind === 'prompt') await addAiTokens(companyId, day, outcome.usage.tokens);
  // A bot that could not answer (its service failed after the retries) does not leave the
  // customer in silence: the queue's hand-off text (the transfer notice) tells them a person
  // follows; past the daily cap only the agents' note is written (docs/decisions.md).
  const final: BotTurnOutcome = outcome ?? {
    replies: note === notes.failed ? [{ body: transferNoticeText({ queueName: queue?.name ?? null }, await companyLanguage(companyId)) }] : [],
    handOff: { note: note! },
  };
  const items = await replyItems(ticket, final, ids, message.createdAt);
  const noteId = final.handOff ? await nextId({ companyId }, 'ticketNote') : undefined;

  // The provider is asked once; the write is retried on a ticket changed meanwhile (another bot
  // write, a new message's unread count) while the ticket is still the bot's to answer.
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const result = await writeAutomation(ticket, outcomeWrite(source, final, items, noteId));
    if (result === 'duplicate') {
      await resendBotReplies(ticket, contact, ids);
      return;
    }
    if (result === 'written') {
      await dispatch(
        ticket,
        contact,
        items,
        final.replies.map((reply) => reply.delayMs),
      );
      if (final.handOff) log('info', 'bot handed over', { kind: resolved.kind, companyId, ticketId });
      return;
    }
    ticket = await getTicket(companyId, ticketId);
    if (!ticket || !botMayAnswer(ticket)) return;
  }
  throw new Error(`bot turn of message ${messageId}: ticket ${ticketId} kept changing`);
}
