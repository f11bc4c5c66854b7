import type { inboxMessages } from './inbox.es.ts';

/**
 * Brazilian Portuguese text of the inbox additions: notifications popover, task list, audio
 * recording, attachments and conversation markers.
 */
export const inboxMessagesPtBr: Record<keyof typeof inboxMessages, string> = {
  'todo.empty': 'Não há tarefas',
  'todo.newTask': 'Nova tarefa',
  'todo.editTask': 'Editar tarefa',
  'todo.add': 'Adicionar',
  'todo.save': 'Salvar',
  'todo.cancelEdit': 'Cancelar edição',
  'todo.edit': 'Editar a tarefa “{text}”',
  'todo.delete': 'Excluir a tarefa “{text}”',
  'todo.created': 'Criada em {date}',
  'todo.updated': 'Editada em {date}',
  'todo.storageHint': 'As tarefas ficam salvas apenas neste navegador.',

  'tickets.audio.record': 'Gravar áudio',
  'tickets.audio.recording': 'Gravando áudio',
  'tickets.audio.cancel': 'Descartar a gravação',
  'tickets.audio.send': 'Enviar áudio',
  'tickets.audio.encoding': 'Preparando o áudio…',
  'tickets.audio.tooShort': 'A gravação é curta demais e foi descartada.',
  'tickets.audio.noMicrophone': 'Não foi possível acessar o microfone. Verifique as permissões do navegador.',
  'tickets.audio.unsupported': 'Este navegador não permite gravar áudio.',
  'tickets.audio.failed': 'Não foi possível processar a gravação.',

  'tickets.attach.choose': 'Anexar arquivo',
  'tickets.attach.remove': 'Remover {name}',
  'tickets.attach.tooLarge': 'O arquivo “{name}” tem {size}; o máximo é {max}.',
  'tickets.attach.unsupported':
    'O tipo de arquivo de “{name}” não pode ser enviado. Envie imagens, áudio, vídeo ou documentos.',
  'tickets.attach.empty': 'O arquivo “{name}” está vazio.',
  'tickets.attach.captionPlaceholder': 'Adicione um comentário (opcional)',
  'tickets.attach.sending': 'Enviando {current} de {total}…',
  'tickets.attach.list': 'Arquivos para enviar',

  'tickets.conversation.start': 'Início da conversa',
  'tickets.conversation.end': 'Fim da conversa',

  'notifications.label': 'Notificações',
  'notifications.labelCount': 'Notificações: {count} conversas não lidas',
  'notifications.labelCountOne': 'Notificações: 1 conversa não lida',
  'notifications.empty': 'Você não tem notificações',
  'notifications.title': 'Conversas não lidas',
  'notifications.unread': '{count} não lidas',
  'notifications.newMessage': 'Nova mensagem de {name}',
  'notifications.enable': 'Ativar alertas do navegador',
};
