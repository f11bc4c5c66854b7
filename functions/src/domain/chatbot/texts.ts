/**
 * The texts the system sends to customers: menus in the product's layout (greeting, a blank
 * line, then `*1* - Ventas` lines), and the Spanish defaults used when a connection leaves a
 * message empty. `{{name}}` and `{{firstName}}` in any configured text become the contact's name.
 */

export interface MenuEntry {
  number: string;
  title: string;
}

export const menuNavigation = { back: '*0* - Volver', home: '*#* - Menú principal' } as const;

export const defaultTexts = {
  ratingQuestion: 'Por favor, califique nuestra atención respondiendo solo con un número:',
  ratingScale: ['*1* - Insatisfecho', '*2* - Satisfecho', '*3* - Muy satisfecho'],
  ratingThanks: '¡Gracias por su calificación!',
} as const;

/** Fills `{{name}}` / `{{firstName}}` (spaces and case inside the braces do not matter). */
export function renderTemplate(text: string, vars: { name?: string | null }): string {
  const name = (vars.name ?? '').trim();
  const firstName = name.split(/\s+/)[0] ?? '';
  return text.replace(/\{\{\s*(name|firstname)\s*\}\}/giu, (_match, key: string) => (key.toLowerCase() === 'name' ? name : firstName));
}

function block(header: string | null | undefined, lines: string[]): string {
  const top = (header ?? '').trim();
  return top ? `${top}\n\n${lines.join('\n')}` : lines.join('\n');
}

/** The main menu: the connection's greeting, then one numbered line per queue. */
export function queueMenuText(greeting: string | null | undefined, queues: readonly { name: string }[]): string {
  return block(
    greeting,
    queues.map((queue, index) => `*${index + 1}* - ${queue.name}`),
  );
}

/** A level of a queue's option tree: its header (queue greeting or option message), the options, and the ways back. */
export function optionMenuText(header: string | null | undefined, options: readonly MenuEntry[]): string {
  return block(header, [...options.map((o) => `*${o.number}* - ${o.title}`), '', menuNavigation.back, menuNavigation.home]);
}

/** The rating question: the connection's ratingMessage (or ours) and the 1-3 scale. */
export function ratingRequestText(ratingMessage: string | null | undefined): string {
  return block(ratingMessage?.trim() || defaultTexts.ratingQuestion, [...defaultTexts.ratingScale]);
}

/** sendGreetingAccepted: the agent introduces themself (our wording). */
export function acceptGreetingText(contactName: string, userName: string): string {
  const who = contactName.trim();
  return `¡Hola${who ? ` ${who}` : ''}! Soy *${userName.trim()}* y desde ahora me encargo de su atención.`;
}

/** sendMsgTransfTicket: where the conversation went. */
export function transferNoticeText(to: { queueName?: string | null; userName?: string | null }): string {
  if (to.userName) return `Su conversación fue transferida a *${to.userName}*${to.queueName ? ` (${to.queueName})` : ''}. En breve le atenderá.`;
  if (to.queueName) return `Su conversación fue transferida al sector *${to.queueName}*. En breve le atenderemos.`;
  return 'Su conversación fue transferida. En breve le atenderemos.';
}
