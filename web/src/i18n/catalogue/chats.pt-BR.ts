import type { chatsMessages } from './chats.es.ts';

/** Brazilian Portuguese text of the internal chat screens and the top-bar chat popover. */
export const chatsMessagesPtBr: Record<keyof typeof chatsMessages, string> = {
  'chats.tabChats': 'Chats',
  'chats.tabMessages': 'Mensagens',
  'chats.new': 'Nova conversa',
  'chats.empty': 'Você ainda não tem conversas.',
  'chats.choose': 'Escolha uma conversa ou crie uma nova.',
  'chats.noMessages': 'Nenhuma mensagem ainda',
  'chats.loadingOlder': 'Carregando mensagens anteriores…',
  'chats.inputPlaceholder': 'Digite uma mensagem',
  'chats.send': 'Enviar',
  'chats.edit': 'Editar conversa',
  'chats.delete': 'Excluir conversa',
  'chats.unread': '{count} mensagens não lidas',
  'chats.unreadOne': '1 mensagem não lida',
  'chats.dialog.addTitle': 'Nova conversa',
  'chats.dialog.editTitle': 'Editar conversa',
  'chats.dialog.title': 'Título',
  'chats.dialog.users': 'Usuários',
  'chats.dialog.close': 'Fechar',
  'chats.dialog.save': 'Salvar',
  'chats.popover.label': 'Chat interno',
  'chats.popover.labelCount': 'Chat interno: {count} mensagens não lidas',
  'chats.popover.labelCountOne': 'Chat interno: 1 mensagem não lida',
  'chats.popover.empty': 'Nenhuma conversa',
  'chats.noPermission':
    'Esta empresa não possui permissão para acessar esta página! Estamos redirecionando você.',
};
