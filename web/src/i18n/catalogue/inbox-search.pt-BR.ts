import type { inboxSearchMessages } from './inbox-search.es.ts';

/** Brazilian Portuguese text of the inbox's search tab and of the role-gated screens. */
export const inboxSearchMessagesPtBr: Record<keyof typeof inboxSearchMessages, string> = {
  'tickets.tabs.search': 'Buscar',
  'tickets.search.label': 'Buscar nos tickets',
  'tickets.search.placeholder': 'Buscar por mensagem, nome ou número',
  'tickets.search.tags': 'Tags',
  'tickets.search.users': 'Usuários',
  'tickets.search.noChoices': 'Não há opções.',
  'tickets.search.hint': 'Digite uma palavra ou escolha uma tag para buscar.',
  'tickets.search.empty': 'Nenhum ticket corresponde à busca.',
};
