import { chatMenuLimits, chatMenuSchema, type ChatMenu } from '@atende/shared/entities/chat-menu';
import type { chatBotTypes } from '@atende/shared/constants';
import type { Language } from '@atende/shared/language';
import { customerTexts, type MenuEntry } from './texts.ts';

/**
 * Menus as WhatsApp lists or buttons (setting `chatBotType`, docs/chatbot.md "Menus as lists and
 * buttons"). The chatbot's menus stay numbered text (the message body, always sent); with
 * `list` or `button` the same entries also go as a list or buttons message whose rows answer
 * the number the customer would type, so a tap and a typed number are the same answer.
 */

export type ChatBotType = (typeof chatBotTypes)[number];

/** A menu the chatbot sent: its header and entries, and whether the level offers 0 / #. */
export interface BotMenu {
  header?: string | null;
  entries: readonly MenuEntry[];
  navigation: boolean;
}

/** The Spanish labels (companies older than the languages); customerTexts has each language's. */
export const menuTexts = { back: customerTexts.es.back, home: customerTexts.es.home, open: customerTexts.es.open } as const;

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The menu's rows: its entries, then "Volver" (0) and "Menú principal" (#) on option levels. */
export function menuRows(menu: BotMenu, language: Language = 'es'): ChatMenu['rows'] {
  const texts = customerTexts[language];
  const rows = menu.entries.map((entry) => ({ id: entry.number.trim(), title: cut(entry.title, chatMenuLimits.rowTitle) }));
  if (menu.navigation) rows.push({ id: '0', title: texts.back }, { id: '#', title: texts.home });
  return rows;
}

/** The header's first line, short enough for a list or buttons card. */
function titleOf(header: string | null | undefined): string | undefined {
  const first = (header ?? '').split('\n').find((line) => line.trim() !== '');
  return first ? cut(first, chatMenuLimits.title) : undefined;
}

/**
 * The list or buttons form of a menu for the company's `chatBotType`, or undefined for numbered
 * text alone: `text`; a menu WhatsApp cannot carry (more than 10 rows, a row id over 20
 * characters, ids repeated). `button` with more than 3 rows (WhatsApp's limit) becomes a list.
 */
export function chatMenuOf(type: ChatBotType, menu: BotMenu, language: Language = 'es'): ChatMenu | undefined {
  if (type === 'text') return undefined;
  const rows = menuRows(menu, language);
  if (rows.length === 0 || rows.length > chatMenuLimits.rows) return undefined;
  if (new Set(rows.map((row) => row.id.toLowerCase())).size !== rows.length) return undefined;
  const title = titleOf(menu.header);
  const candidate: ChatMenu =
    type === 'button' && rows.length <= chatMenuLimits.buttons
      ? { type: 'buttons', ...(title ? { title } : {}), rows }
      : { type: 'list', ...(title ? { title } : {}), buttonText: customerTexts[language].open, rows };
  const parsed = chatMenuSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** A stored menu (JSON in the message's `menu`), or null when absent or not a menu. */
export function storedMenu(json: string | undefined | null): ChatMenu | null {
  if (!json) return null;
  try {
    const parsed = chatMenuSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What a customer's message answers to the chatbot: the tapped row's or button's id when it is
 * a tap (the id is the number the menu offered), else the typed text.
 */
export function answerText(message: { body: string; selectedId?: string | null }): string {
  const id = message.selectedId?.trim();
  return id ? id : message.body;
}
