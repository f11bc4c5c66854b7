/**
 * What a Dialogflow ES detect-intent result means for the customer (docs/decisions.md,
 * "Dialogflow"): the texts to send and whether the bot hands the ticket to a person.
 * Pure: it reads the `queryResult` the client decoded, in either form a Struct can take
 * (`{ fields: { end_conversation: { boolValue: true } } }` from the client, plain JSON elsewhere).
 */

export interface DialogflowQueryResult {
  fulfillmentText?: string | null;
  fulfillmentMessages?:
    { platform?: string | number | null; text?: { text?: (string | null)[] | null } | null }[] | null;
  action?: string | null;
  intent?: {
    displayName?: string | null;
    endInteraction?: boolean | null;
    liveAgentHandoff?: boolean | null;
  } | null;
  diagnosticInfo?: Record<string, unknown> | null;
}

export interface DialogflowAnswer {
  /** Fulfilment texts in the agent's order, blank ones left out. */
  texts: string[];
  /** The intent ends the conversation or asks for a person: the ticket goes back to the queue. */
  handOff: boolean;
  intent: string | undefined;
}

/** Intent actions that mean "a person, please" (the agent's designer sets the action name). */
export const handOffActions = ['handoff', 'transfer', 'transferir', 'atendente', 'humano'];

/** Dialogflow's text input limit (characters); longer customer messages are cut to it. */
export const dialogflowTextLimit = 256;

export function dialogflowAnswer(result: DialogflowQueryResult | null | undefined): DialogflowAnswer {
  const texts: string[] = [];
  for (const message of result?.fulfillmentMessages ?? []) {
    // Messages for a named platform (Facebook, Slack, ...) are not for WhatsApp.
    if (message.platform && message.platform !== 'PLATFORM_UNSPECIFIED') continue;
    for (const text of message.text?.text ?? []) if (text && text.trim()) texts.push(text);
  }
  if (texts.length === 0 && result?.fulfillmentText?.trim()) texts.push(result.fulfillmentText);
  const action = (result?.action ?? '').trim().toLowerCase();
  const handOff =
    endsConversation(result?.diagnosticInfo) ||
    result?.intent?.endInteraction === true ||
    result?.intent?.liveAgentHandoff === true ||
    handOffActions.includes(action);
  return { texts, handOff, intent: result?.intent?.displayName ?? undefined };
}

function endsConversation(info: Record<string, unknown> | null | undefined): boolean {
  if (!info) return false;
  if (info.end_conversation === true) return true;
  const fields = info.fields as Record<string, { boolValue?: boolean } | undefined> | undefined;
  return fields?.end_conversation?.boolValue === true;
}

/** The text sent as the query: trimmed and within Dialogflow's limit. */
export function dialogflowQueryText(body: string): string {
  return body.trim().slice(0, dialogflowTextLimit);
}
