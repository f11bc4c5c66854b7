import type { keyboardMessages } from './keyboard.es.ts';

/**
 * Brazilian Portuguese text of the inbox's keyboard shortcuts: the help dialog (`?`), the key
 * names it shows and what a shortcut says when it cannot act.
 */
export const keyboardMessagesPtBr: Record<keyof typeof keyboardMessages, string> = {
  'keyboard.help.title': 'Atalhos de teclado',
  'keyboard.help.open': 'Atalhos de teclado (?)',
  'keyboard.help.intro':
    'Os atalhos não funcionam enquanto você digita em um campo, exceto os que usam Ctrl. Esc sai da caixa de resposta.',
  'keyboard.help.or': 'ou',

  'keyboard.group.navigation': 'Navegação',
  'keyboard.group.ticket': 'Conversa',
  'keyboard.group.reply': 'Resposta',
  'keyboard.group.general': 'Geral',

  'keyboard.action.next': 'Próxima conversa da lista',
  'keyboard.action.previous': 'Conversa anterior da lista',
  'keyboard.action.tabAssigned': 'Aba “{tab}”',
  'keyboard.action.tabPending': 'Aba “{tab}”',
  'keyboard.action.tabClosed': 'Aba “{tab}”',
  'keyboard.action.tabSearch': 'Aba “{tab}”',
  'keyboard.action.search': 'Buscar conversas',
  'keyboard.action.accept': 'Aceitar a conversa aguardando selecionada',
  'keyboard.action.resolve': 'Resolver a conversa aberta',
  'keyboard.action.transfer': 'Transferir a conversa aberta',
  'keyboard.action.return': 'Devolver a conversa para a espera',
  'keyboard.action.reply': 'Escrever a resposta',
  'keyboard.action.quickReplies': 'Respostas rápidas (digite o atalho depois de “/”)',
  'keyboard.action.attach': 'Anexar arquivo',
  'keyboard.action.send': 'Enviar a resposta',
  'keyboard.action.newLine': 'Nova linha na resposta',
  'keyboard.action.leaveReply': 'Sair da caixa de resposta',
  'keyboard.action.help': 'Mostrar esta ajuda',

  'keyboard.key.mod': 'Ctrl',
  'keyboard.key.alt': 'Alt',
  'keyboard.key.shift': 'Shift',
  'keyboard.key.enter': 'Enter',
  'keyboard.key.escape': 'Esc',
  'keyboard.key.arrowDown': '↓',
  'keyboard.key.arrowUp': '↑',

  'keyboard.noTicket': 'Abra uma conversa primeiro.',
  'keyboard.nothingToAccept': 'Escolha com j ou k uma conversa aguardando para aceitá-la.',
  'keyboard.notAvailable': '“{action}” não está disponível para esta conversa.',
  'keyboard.noReplyBox': 'Esta conversa não aceita respostas: aceite-a ou reabra-a primeiro.',
};
