/**
 * UI text of the inbox's keyboard shortcuts (issue #30): the help dialog (`?`), the key names it
 * shows and what a shortcut says when it cannot act (merged into the catalogue by messages.es.ts).
 */
export const keyboardMessages = {
  'keyboard.help.title': 'Atajos de teclado',
  'keyboard.help.open': 'Atajos de teclado (?)',
  'keyboard.help.intro':
    'Los atajos no actúan mientras escribe en un campo, salvo los que llevan Ctrl. Esc sale del cuadro de respuesta.',
  'keyboard.help.or': 'o',

  'keyboard.group.navigation': 'Moverse',
  'keyboard.group.ticket': 'Conversación',
  'keyboard.group.reply': 'Respuesta',
  'keyboard.group.general': 'General',

  'keyboard.action.next': 'Conversación siguiente de la lista',
  'keyboard.action.previous': 'Conversación anterior de la lista',
  'keyboard.action.tabAssigned': 'Pestaña «{tab}»',
  'keyboard.action.tabPending': 'Pestaña «{tab}»',
  'keyboard.action.tabClosed': 'Pestaña «{tab}»',
  'keyboard.action.tabSearch': 'Pestaña «{tab}»',
  'keyboard.action.search': 'Buscar conversaciones',
  'keyboard.action.accept': 'Aceptar la conversación en espera elegida',
  'keyboard.action.resolve': 'Resolver la conversación abierta',
  'keyboard.action.transfer': 'Transferir la conversación abierta',
  'keyboard.action.return': 'Devolver la conversación a la espera',
  'keyboard.action.reply': 'Escribir la respuesta',
  'keyboard.action.quickReplies': 'Respuestas rápidas (escriba el atajo después de «/»)',
  'keyboard.action.attach': 'Adjuntar archivo',
  'keyboard.action.send': 'Enviar la respuesta',
  'keyboard.action.newLine': 'Nueva línea en la respuesta',
  'keyboard.action.leaveReply': 'Salir del cuadro de respuesta',
  'keyboard.action.help': 'Mostrar esta ayuda',

  'keyboard.key.mod': 'Ctrl',
  'keyboard.key.alt': 'Alt',
  'keyboard.key.shift': 'Mayús',
  'keyboard.key.enter': 'Enter',
  'keyboard.key.escape': 'Esc',
  'keyboard.key.arrowDown': '↓',
  'keyboard.key.arrowUp': '↑',

  'keyboard.noTicket': 'Abra primero una conversación.',
  'keyboard.nothingToAccept': 'Elija con j o k una conversación en espera para aceptarla.',
  'keyboard.notAvailable': '«{action}» no está disponible para esta conversación.',
  'keyboard.noReplyBox': 'Esta conversación no admite respuestas: acéptela o reábrala primero.',
} as const;
