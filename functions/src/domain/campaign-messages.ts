import type { RandomSource } from './campaign-pacing.ts';

/** The message slots of a campaign (extended §3, §9: five, each with its confirmation message). */
export const campaignSlotCount = 5;

export interface CampaignTexts {
  message1?: string | null;
  message2?: string | null;
  message3?: string | null;
  message4?: string | null;
  message5?: string | null;
  confirmationMessage1?: string | null;
  confirmationMessage2?: string | null;
  confirmationMessage3?: string | null;
  confirmationMessage4?: string | null;
  confirmationMessage5?: string | null;
}

export interface MessageSlot {
  /** 1..5. */
  slot: number;
  message: string;
  confirmationMessage: string;
}

/** The slots that have a message, in order. A blank message slot is never chosen. */
export function filledSlots(texts: CampaignTexts): MessageSlot[] {
  const slots: MessageSlot[] = [];
  for (let slot = 1; slot <= campaignSlotCount; slot += 1) {
    const message = (texts[`message${slot}` as keyof CampaignTexts] ?? '').trim();
    const confirmationMessage = (texts[`confirmationMessage${slot}` as keyof CampaignTexts] ?? '').trim();
    if (message) slots.push({ slot, message, confirmationMessage });
  }
  return slots;
}

/** One of the filled slots, each equally likely; undefined when none is filled. */
export function chooseSlot(slots: readonly MessageSlot[], random: RandomSource): MessageSlot | undefined {
  if (slots.length === 0) return undefined;
  return slots[Math.min(slots.length - 1, Math.floor(random() * slots.length))];
}

export interface Recipient {
  name: string;
  number: string;
  email?: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with `{nome}`, `{numero}`, `{email}` and the custom `{shortcut}` variables filled. The
 * recipient's own fields win over a custom variable of the same name; an unknown `{word}` stays.
 */
export function fillVariables(
  text: string,
  recipient: Recipient,
  variables: readonly { key: string; value: string }[],
): string {
  const values = new Map<string, string>();
  for (const variable of variables)
    if (variable.key && !values.has(variable.key)) values.set(variable.key, variable.value);
  values.set('nome', recipient.name);
  values.set('numero', recipient.number);
  values.set('email', recipient.email ?? '');
  if (values.size === 0) return text;
  const pattern = new RegExp(`\\{(${[...values.keys()].map(escapeRegExp).join('|')})\\}`, 'g');
  return text.replace(pattern, (_, key: string) => values.get(key) ?? '');
}
