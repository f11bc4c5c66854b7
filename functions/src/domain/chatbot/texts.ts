/**
 * The texts the system sends to customers: menus in the product's layout (greeting, a blank
 * line, then `*1* - Ventas` lines), and the defaults used when a connection leaves a message
 * empty, in the company's language (docs/i18n.md; Spanish for companies older than the
 * languages). `{{name}}` and `{{firstName}}` in any configured text become the contact's name.
 */
import type { Language } from '@atende/shared/language';

export interface MenuEntry {
  number: string;
  title: string;
}

interface CustomerTexts {
  back: string;
  home: string;
  /** The list message's button (menu-message.ts). */
  open: string;
  ratingQuestion: string;
  ratingScale: readonly [string, string, string];
  ratingThanks: string;
  acceptGreeting: (contactName: string, userName: string) => string;
  transferredToUser: (userName: string, queueName: string) => string;
  transferredToQueue: (queueName: string) => string;
  transferred: string;
  callRejected: string;
}

/** The customer-facing defaults in each language; the company's own texts are never translated. */
export const customerTexts: Record<Language, CustomerTexts> = {
  es: {
    back: 'Volver',
    home: 'Menú principal',
    open: 'Ver opciones',
    ratingQuestion: 'Por favor, califique nuestra atención respondiendo solo con un número:',
    ratingScale: ['Insatisfecho', 'Satisfecho', 'Muy satisfecho'],
    ratingThanks: '¡Gracias por su calificación!',
    acceptGreeting: (who, user) => `¡Hola${who ? ` ${who}` : ''}! Soy *${user}* y desde ahora me encargo de su atención.`,
    transferredToUser: (user, queue) => `Su conversación fue transferida a *${user}*${queue ? ` (${queue})` : ''}. En breve le atenderá.`,
    transferredToQueue: (queue) => `Su conversación fue transferida al sector *${queue}*. En breve le atenderemos.`,
    transferred: 'Su conversación fue transferida. En breve le atenderemos.',
    callRejected: 'Las llamadas de voz y video están deshabilitadas para este WhatsApp. Por favor, envíe un mensaje de texto.',
  },
  'pt-BR': {
    back: 'Voltar',
    home: 'Menu principal',
    open: 'Ver opções',
    ratingQuestion: 'Por favor, avalie nosso atendimento respondendo apenas com um número:',
    ratingScale: ['Insatisfeito', 'Satisfeito', 'Muito satisfeito'],
    ratingThanks: 'Obrigado pela sua avaliação!',
    acceptGreeting: (who, user) => `Olá${who ? ` ${who}` : ''}! Sou *${user}* e a partir de agora cuido do seu atendimento.`,
    transferredToUser: (user, queue) => `Sua conversa foi transferida para *${user}*${queue ? ` (${queue})` : ''}. Em breve você será atendido.`,
    transferredToQueue: (queue) => `Sua conversa foi transferida para o setor *${queue}*. Em breve você será atendido.`,
    transferred: 'Sua conversa foi transferida. Em breve você será atendido.',
    callRejected: 'As chamadas de voz e vídeo estão desativadas neste WhatsApp. Por favor, envie uma mensagem de texto.',
  },
  en: {
    back: 'Back',
    home: 'Main menu',
    open: 'See options',
    ratingQuestion: 'Please rate our service by replying with a number only:',
    ratingScale: ['Unsatisfied', 'Satisfied', 'Very satisfied'],
    ratingThanks: 'Thank you for your rating!',
    acceptGreeting: (who, user) => `Hello${who ? ` ${who}` : ''}! I'm *${user}* and I'll be taking care of you from now on.`,
    transferredToUser: (user, queue) => `Your conversation was transferred to *${user}*${queue ? ` (${queue})` : ''}. They will be with you shortly.`,
    transferredToQueue: (queue) => `Your conversation was transferred to the *${queue}* department. We will be with you shortly.`,
    transferred: 'Your conversation was transferred. We will be with you shortly.',
    callRejected: 'Voice and video calls are disabled for this WhatsApp. Please send a text message.',
  },
};

/** The 0 and # lines under an option level. */
export function menuNavigation(language: Language = 'es') {
  const texts = customerTexts[language];
  return { back: `*0* - ${texts.back}`, home: `*#* - ${texts.home}` } as const;
}

/** The Spanish defaults (the language of companies older than the languages). */
export const defaultTexts = {
  ratingQuestion: customerTexts.es.ratingQuestion,
  ratingScale: customerTexts.es.ratingScale.map((label, index) => `*${index + 1}* - ${label}`),
  ratingThanks: customerTexts.es.ratingThanks,
} as const;

/** Thanks for a rating, in the company's language. */
export function ratingThanksText(language: Language = 'es'): string {
  return customerTexts[language].ratingThanks;
}

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
export function optionMenuText(header: string | null | undefined, options: readonly MenuEntry[], language: Language = 'es'): string {
  const navigation = menuNavigation(language);
  return block(header, [...options.map((o) => `*${o.number}* - ${o.title}`), '', navigation.back, navigation.home]);
}

/** The rating question: the connection's ratingMessage (or ours, in the company's language) and the 1-3 scale. */
export function ratingRequestText(ratingMessage: string | null | undefined, language: Language = 'es'): string {
  const texts = customerTexts[language];
  return block(
    ratingMessage?.trim() || texts.ratingQuestion,
    texts.ratingScale.map((label, index) => `*${index + 1}* - ${label}`),
  );
}

/** sendGreetingAccepted: the agent introduces themself (our wording, in the company's language). */
export function acceptGreetingText(contactName: string, userName: string, language: Language = 'es'): string {
  return customerTexts[language].acceptGreeting(contactName.trim(), userName.trim());
}

/** sendMsgTransfTicket: where the conversation went (in the company's language). */
export function transferNoticeText(to: { queueName?: string | null; userName?: string | null }, language: Language = 'es'): string {
  const texts = customerTexts[language];
  if (to.userName) return texts.transferredToUser(to.userName, to.queueName ?? '');
  if (to.queueName) return texts.transferredToQueue(to.queueName);
  return texts.transferred;
}
