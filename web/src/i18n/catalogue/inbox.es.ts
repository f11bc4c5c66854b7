/**
 * UI text of the inbox additions: notifications popover, task list, audio recording,
 * attachments and conversation markers (merged into the catalogue by messages.es.ts).
 */
export const inboxMessages = {
  'todo.empty': 'No hay tareas',
  'todo.newTask': 'Nueva tarea',
  'todo.editTask': 'Editar tarea',
  'todo.add': 'Agregar',
  'todo.save': 'Guardar',
  'todo.cancelEdit': 'Cancelar edición',
  'todo.edit': 'Editar la tarea «{text}»',
  'todo.delete': 'Eliminar la tarea «{text}»',
  'todo.created': 'Creada el {date}',
  'todo.updated': 'Editada el {date}',
  'todo.storageHint': 'Las tareas se guardan solo en este navegador.',

  'tickets.audio.record': 'Grabar audio',
  'tickets.audio.recording': 'Grabando audio',
  'tickets.audio.cancel': 'Descartar la grabación',
  'tickets.audio.send': 'Enviar audio',
  'tickets.audio.encoding': 'Preparando el audio…',
  'tickets.audio.tooShort': 'La grabación es demasiado corta y se descartó.',
  'tickets.audio.noMicrophone': 'No se pudo acceder al micrófono. Revise los permisos del navegador.',
  'tickets.audio.unsupported': 'Este navegador no permite grabar audio.',
  'tickets.audio.failed': 'No se pudo procesar la grabación.',

  'tickets.attach.choose': 'Adjuntar archivo',
  'tickets.attach.remove': 'Quitar {name}',
  'tickets.attach.tooLarge': 'El archivo «{name}» pesa {size}; el máximo es {max}.',
  'tickets.attach.unsupported':
    'El tipo de archivo de «{name}» no se puede enviar. Envíe imágenes, audio, video o documentos.',
  'tickets.attach.empty': 'El archivo «{name}» está vacío.',
  'tickets.attach.captionPlaceholder': 'Agregue un comentario (opcional)',
  'tickets.attach.sending': 'Enviando {current} de {total}…',
  'tickets.attach.list': 'Archivos para enviar',

  'tickets.conversation.start': 'Inicio de la conversación',
  'tickets.conversation.end': 'Fin de la conversación',

  'notifications.label': 'Notificaciones',
  'notifications.labelCount': 'Notificaciones: {count} conversaciones sin leer',
  'notifications.labelCountOne': 'Notificaciones: 1 conversación sin leer',
  'notifications.empty': 'No tiene notificaciones',
  'notifications.title': 'Conversaciones sin leer',
  'notifications.unread': '{count} sin leer',
  'notifications.newMessage': 'Nuevo mensaje de {name}',
  'notifications.enable': 'Activar avisos del navegador',
} as const;
