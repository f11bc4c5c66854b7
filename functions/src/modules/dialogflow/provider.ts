import * as z from 'zod';
import { integrationLanguages } from '@atende/shared/constants';
import { dialogflowQueryText } from '#domain/dialogflow-reply';
import type { BotProvider, BotTurn, BotTurnOutcome } from '../bot-turn/provider.ts';
import { openIntegrationSecret } from '../queue-integrations/secrets.ts';
import { detectIntent, DialogflowRejected } from './detect-intent.ts';
import { parseServiceAccount } from './service-account.ts';

/** The fields of a dialogflow queue integration the provider reads (extended §3). */
const dialogflowConfigSchema = z.object({
  projectName: z.string().min(1),
  jsonContent: z.string().min(1),
  language: z.enum(integrationLanguages).nullish(),
});

/** Dialogflow's default when the integration has no language (the product's first language). */
const defaultLanguage = 'pt-BR';

/**
 * One Dialogflow session per ticket: the id is made from the company and the ticket (within the
 * 36 characters Dialogflow allows) and kept in the provider state, so contexts carry over from
 * one customer message to the next and a redelivered message lands in the same session.
 */
export function dialogflowSessionId(companyId: number, ticketId: number): string {
  return `c${companyId}-t${ticketId}`.slice(0, 36);
}

/**
 * The dialogflow bot provider (docs/decisions.md, "Dialogflow"): each customer message is a
 * text query in the integration's language; the matched intent's fulfilment texts are the
 * replies; an intent that ends the conversation or asks for a person hands the ticket over after
 * its texts. A message without text (media with no caption) is not sent to the agent and gets no
 * reply. A misconfigured integration (bad key, wrong project, no permission) hands over at once
 * with a note, since retrying cannot fix it; timeouts, 429 and 5xx throw ProviderUnavailable for
 * the hook's retries. Ticket notes are in Spanish: agents read them.
 */
export const dialogflowProvider: BotProvider = {
  kind: 'dialogflow',
  async answer(turn: BotTurn, config: unknown): Promise<BotTurnOutcome> {
    const parsed = dialogflowConfigSchema.safeParse(config);
    if (!parsed.success)
      return misconfigured('falta el nombre del proyecto o el JSON de la cuenta de servicio');
    const text = dialogflowQueryText(turn.message.body ?? '');
    if (!text) return { replies: [] };
    let account;
    let jsonContent: string | undefined;
    try {
      // Stored sealed (queue-integrations/secrets.ts): opened only for this call.
      jsonContent = await openIntegrationSecret(turn.companyId, parsed.data.jsonContent);
    } catch {
      return misconfigured('la cuenta de servicio guardada no se puede abrir');
    }
    try {
      account = parseServiceAccount(jsonContent);
    } catch {
      return misconfigured('el JSON de la cuenta de servicio no es válido');
    }
    const sessionId = savedSession(turn.state) ?? dialogflowSessionId(turn.companyId, turn.ticket.id);
    try {
      const answer = await detectIntent({
        account,
        projectName: parsed.data.projectName,
        sessionId,
        text,
        language: parsed.data.language ?? defaultLanguage,
      });
      return {
        replies: answer.texts.map((body) => ({ body })),
        state: answer.handOff ? null : { dialogflowSession: sessionId },
        ...(answer.handOff
          ? {
              handOff: {
                note: `Dialogflow: el intent «${answer.intent ?? '?'}» transfiere la conversación a una persona.`,
              },
            }
          : {}),
      };
    } catch (error) {
      if (error instanceof DialogflowRejected)
        return misconfigured(`Dialogflow rechazó la consulta (${String(error.status)})`);
      throw error;
    }
  },
};

/**
 * The session saved by an earlier turn. Its own key, checked against Dialogflow's session id
 * rules: state left by another provider (say, a typebot session before the queue changed
 * integration) is not taken for a Dialogflow session.
 */
function savedSession(state: Record<string, unknown> | undefined): string | undefined {
  const saved = state?.dialogflowSession;
  return typeof saved === 'string' && /^[\w-]{1,36}$/.test(saved) ? saved : undefined;
}

function misconfigured(reason: string): BotTurnOutcome {
  return { replies: [], state: null, handOff: { note: `Integración Dialogflow no utilizable: ${reason}.` } };
}
