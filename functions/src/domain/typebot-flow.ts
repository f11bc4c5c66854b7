/**
 * Typebot's public chat API (v1: POST /api/v1/typebots/{publicId}/startChat and
 * /api/v1/sessions/{sessionId}/continueChat), the pure part: what its answers mean for a WhatsApp
 * conversation, the provider's saved state, keywords, expiry and numbered choices
 * (docs/decisions.md, "Queue integrations").
 */

/** One bubble of a Typebot answer (the kinds the API documents; others are ignored). */
export interface TypebotMessage {
  id?: string;
  type: string;
  content?: {
    type?: string;
    markdown?: string;
    richText?: unknown;
    url?: string;
  };
}

/** The input block the flow waits on; `choice input` lists buttons. */
export interface TypebotInput {
  id?: string;
  type: string;
  items?: { id?: string; content?: string; title?: string }[];
}

/** startChat and continueChat answers, the fields this product reads. */
export interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: TypebotInput;
}

/** The provider's state for a ticket, saved by the bot-turn hook between messages. */
export interface TypebotState {
  sessionId: string;
  /** When the customer last wrote (ms), for typebotExpires. */
  lastAt: number;
  /** The labels of the choice input the flow waits on, in order (numbered 1..n for the customer). */
  choices?: string[];
}

/** A reply to send, before delays are set and media are fetched. */
export interface FlowReply {
  body: string;
  mediaUrl?: string;
  mediaType?: 'image' | 'audio' | 'video';
}

/** What one Typebot answer means for the conversation. */
export interface FlowStep {
  replies: FlowReply[];
  /** The flow waits for the customer again (false: it ended, the ticket goes to a person). */
  waiting: boolean;
  /** A bubble asked for a person (the transfer marker). */
  transfer: boolean;
  choices?: string[];
}

/**
 * A text bubble that is exactly this marker (any case, optional `#`) is not sent: it hands the
 * ticket to the queue's people, as the flow's end does. Typebot's API returns no variables to a
 * caller, so a flow says "transfer" with a bubble.
 */
export const transferMarker = /^#?(transferir|transfer|atendente|atendimento humano)$/i;

export function readTypebotState(state: Record<string, unknown> | undefined): TypebotState | undefined {
  if (!state || typeof state.sessionId !== 'string' || !state.sessionId) return undefined;
  const lastAt = typeof state.lastAt === 'number' ? state.lastAt : 0;
  const choices = Array.isArray(state.choices)
    ? state.choices.filter((c): c is string => typeof c === 'string')
    : undefined;
  return { sessionId: state.sessionId, lastAt, ...(choices && choices.length > 0 ? { choices } : {}) };
}

/** The session is too old: `expiresMinutes` of customer silence (0: never). */
export function isExpired(state: TypebotState, nowMs: number, expiresMinutes: number): boolean {
  return expiresMinutes > 0 && nowMs - state.lastAt > expiresMinutes * 60_000;
}

/** Whether the customer's text is the keyword (trimmed, any case); an empty keyword never matches. */
export function isKeyword(text: string, keyword: string | undefined | null): boolean {
  const wanted = keyword?.trim().toLowerCase();
  return Boolean(wanted) && text.trim().toLowerCase() === wanted;
}

/**
 * The customer's reply to a choice input: a number 1..n or an option's label (any case) gives
 * that label; anything else is undefined (the flow cannot take it).
 */
export function choiceReply(text: string, choices: string[]): string | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return choices[Number(trimmed) - 1];
  return choices.find((choice) => choice.trim().toLowerCase() === trimmed.toLowerCase());
}

/** Choices as the customer reads them on WhatsApp: `1 - Ventas`, one a line. */
export function numberedChoices(choices: string[]): string {
  return choices.map((choice, index) => `${index + 1} - ${choice}`).join('\n');
}

/** Markdown bubbles in WhatsApp's formatting (`**b**` is `*b*`; links keep their address). */
export function markdownToWhatsapp(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .replace(/\\([*_~`])/g, '$1')
    .trim();
}

/** Plain text of a rich-text bubble (Slate nodes): each block a line. */
export function richTextToPlain(nodes: unknown): string {
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const value = node as { text?: unknown; children?: unknown };
    if (typeof value.text === 'string') return value.text;
    return Array.isArray(value.children) ? value.children.map(textOf).join('') : '';
  };
  return Array.isArray(nodes) ? nodes.map(textOf).join('\n').trim() : '';
}

function textOfBubble(message: TypebotMessage): string {
  const content = message.content ?? {};
  if (typeof content.markdown === 'string') return markdownToWhatsapp(content.markdown);
  return richTextToPlain(content.richText);
}

/** Turns a startChat or continueChat answer into replies, in the flow's order. */
export function flowStep(answer: TypebotAnswer): FlowStep {
  const replies: FlowReply[] = [];
  let transfer = false;
  for (const message of answer.messages ?? []) {
    if (message.type === 'text') {
      const text = textOfBubble(message);
      if (transferMarker.test(text)) transfer = true;
      else if (text) replies.push({ body: text });
    } else if (
      (message.type === 'image' || message.type === 'video' || message.type === 'audio') &&
      message.content?.url
    ) {
      // The provider fetches the file and sends it as media (modules/queue-integrations/flow-media.ts);
      // the URL is the text it falls back to when the file cannot be had.
      replies.push({ body: message.content.url, mediaUrl: message.content.url, mediaType: message.type });
    } else if (message.type === 'embed' && message.content?.url) {
      replies.push({ body: message.content.url });
    }
  }
  const input = answer.input;
  let choices: string[] | undefined;
  if (input && (input.type === 'choice input' || input.type === 'picture choice input')) {
    choices = (input.items ?? []).map((item) => (item.content ?? item.title ?? '').trim()).filter(Boolean);
    if (choices.length > 0) replies.push({ body: numberedChoices(choices) });
    else choices = undefined;
  }
  return { replies, waiting: Boolean(input) && !transfer, transfer, ...(choices ? { choices } : {}) };
}
