import type { QueueIntegrationRecord } from '#data/queue-integrations';
import {
  choiceReply,
  flowStep,
  isExpired,
  isKeyword,
  numberedChoices,
  readTypebotState,
  type FlowReply,
  type FlowStep,
  type TypebotAnswer,
  type TypebotState,
} from '#domain/typebot-flow';
import type { BotProvider, BotReply, BotTurn, BotTurnOutcome } from '../bot-turn/provider.ts';
import { withFetchedMedia } from './flow-media.ts';
import { IntegrationRefused, postJson } from './outbound-call.ts';

/** Base URL of the integration's Typebot (its `urlN8N` field), without a trailing slash. */
function baseUrl(config: QueueIntegrationRecord): string {
  const url = config.urlN8N?.trim().replace(/\/+$/, '');
  if (!url) throw new IntegrationRefused('typebot: the integration has no URL');
  return url;
}

async function callTypebot(
  url: string,
  payload: unknown,
): Promise<{ status: number; answer: TypebotAnswer }> {
  const response = await postJson('typebot', url, JSON.stringify(payload));
  if (response.status === 404) return { status: 404, answer: {} };
  if (response.status < 200 || response.status >= 300)
    throw new IntegrationRefused(`typebot answered ${response.status}`);
  try {
    return { status: response.status, answer: JSON.parse(response.body) as TypebotAnswer };
  } catch {
    throw new IntegrationRefused('typebot answered no JSON');
  }
}

/** A new session of the flow (POST /api/v1/typebots/{slug}/startChat), with the contact's name and number prefilled. */
async function startChat(
  config: QueueIntegrationRecord,
  turn: BotTurn,
): Promise<{ sessionId: string; step: FlowStep }> {
  const slug = config.typebotSlug?.trim();
  if (!slug) throw new IntegrationRefused('typebot: the integration has no flow slug');
  const { status, answer } = await callTypebot(
    `${baseUrl(config)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`,
    {
      isStreamEnabled: false,
      textBubbleContentFormat: 'markdown',
      prefilledVariables: { name: turn.contact.name, number: turn.contact.number, ticketId: turn.ticket.id },
    },
  );
  if (status === 404 || !answer.sessionId) throw new IntegrationRefused('typebot: the flow was not found');
  return { sessionId: answer.sessionId, step: flowStep(answer) };
}

/** The customer's text to the running session (POST /api/v1/sessions/{id}/continueChat); undefined when the session is gone. */
async function continueChat(
  config: QueueIntegrationRecord,
  sessionId: string,
  text: string,
): Promise<FlowStep | undefined> {
  const { status, answer } = await callTypebot(
    `${baseUrl(config)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    {
      message: { type: 'text', text },
      textBubbleContentFormat: 'markdown',
    },
  );
  return status === 404 ? undefined : flowStep(answer);
}

/** Replies with the integration's delay between them (none before the first). */
function spaced(replies: BotReply[], delayMs: number): BotReply[] {
  return replies.map((reply, index) => ({ ...reply, ...(index > 0 && delayMs > 0 ? { delayMs } : {}) }));
}

async function outcomeOf(
  step: FlowStep,
  sessionId: string,
  nowMs: number,
  before: FlowReply[],
  delayMs: number,
): Promise<BotTurnOutcome> {
  // Image, video and audio bubbles go as real media (their URL's text when the file cannot be had).
  const fetched = await Promise.all([...before, ...step.replies].map((reply) => withFetchedMedia(reply)));
  const replies = spaced(fetched, delayMs);
  if (!step.waiting)
    return {
      replies,
      state: null,
      handOff: { note: step.transfer ? 'Typebot: transferencia solicitada' : 'Typebot: fin del flujo' },
    };
  const state: TypebotState = {
    sessionId,
    lastAt: nowMs,
    ...(step.choices ? { choices: step.choices } : {}),
  };
  return { replies, state: { ...state } };
}

/**
 * The typebot provider: one session per ticket (its id in the state), started on the first message
 * and after `typebotExpires` minutes of silence; the finish keyword closes the ticket, the restart
 * keyword starts the flow again after `typebotRestartMessage`; a reply the flow's choices cannot
 * take gets `typebotUnknownMessage` and the choices again; the flow's end hands over to a person.
 */
export const typebotProvider: BotProvider = {
  kind: 'typebot',
  async answer(turn, rawConfig) {
    const config = rawConfig as QueueIntegrationRecord;
    const delayMs = config.typebotDelayMessage ?? 1000;
    const text = turn.message.body.trim();
    const nowMs = Number.isFinite(Date.parse(turn.message.timestamp))
      ? Date.parse(turn.message.timestamp)
      : Date.now();

    if (isKeyword(text, config.typebotKeywordFinish)) return { replies: [], state: null, close: true };

    let state = readTypebotState(turn.state);
    if (isKeyword(text, config.typebotKeywordRestart)) {
      const before = config.typebotRestartMessage?.trim()
        ? [{ body: config.typebotRestartMessage.trim() }]
        : [];
      const started = await startChat(config, turn);
      return outcomeOf(started.step, started.sessionId, nowMs, before, delayMs);
    }
    if (state && isExpired(state, nowMs, config.typebotExpires ?? 1)) state = undefined;

    if (state) {
      let reply = text;
      if (state.choices) {
        const chosen = choiceReply(text, state.choices);
        if (chosen === undefined && config.typebotUnknownMessage?.trim()) {
          return {
            replies: spaced(
              [{ body: config.typebotUnknownMessage.trim() }, { body: numberedChoices(state.choices) }],
              delayMs,
            ),
            state: { ...state, lastAt: nowMs },
          };
        }
        reply = chosen ?? text;
      }
      const step = await continueChat(config, state.sessionId, reply);
      if (step) {
        // The flow kept waiting and said nothing: it could not take the reply.
        if (step.waiting && step.replies.length === 0 && config.typebotUnknownMessage?.trim()) {
          step.replies.push({ body: config.typebotUnknownMessage.trim() });
        }
        return outcomeOf(step, state.sessionId, nowMs, [], delayMs);
      }
      // The session is gone on Typebot's side: start anew below.
    }

    const started = await startChat(config, turn);
    // A flow that starts with a question and no greeting takes the first message as its answer.
    if (started.step.waiting && started.step.replies.length === 0 && text) {
      const step = await continueChat(config, started.sessionId, text);
      if (step) return outcomeOf(step, started.sessionId, nowMs, [], delayMs);
    }
    return outcomeOf(started.step, started.sessionId, nowMs, [], delayMs);
  },
};
