/** UI text of the kanban board (merged into the catalogue by messages.es.ts). */
export const kanbanMessages = {
  'kanban.title': 'Kanban',
  'kanban.creados': 'Creados',
  'kanban.board': 'Tablero kanban',
  'kanban.empty': 'Sin tickets',
  'kanban.loadError': 'No se pudo cargar el tablero.',
  'kanban.openTicket': 'Ver ticket',
  'kanban.openTicketOf': 'Ver ticket de {name}',
  'kanban.loadMore': 'Cargar más',
  'kanban.noContact': 'Sin contacto',
  'kanban.noMessage': 'Sin mensajes',
  // extended §8 writes these two toasts word for word (a move between two lanes shows both).
  'kanban.tagRemoved': '¡Etiqueta quitada del ticket!',
  'kanban.tagAdded': '¡Etiqueta añadida al ticket!',
  // extended §2.17 says Creados holds tickets without tags; here it is without a kanban tag (docs/decisions.md, "Kanban").
  'kanban.creadosHelp':
    'Creados reúne los tickets sin ninguna etiqueta de carril del kanban; pueden tener otras etiquetas.',
  'kanban.moveFailed': 'No se pudo mover el ticket. El tablero se actualizó.',
  'kanban.noPermission': 'Esta empresa no tiene permiso para acceder a esta página. Te estamos redirigiendo.',
  'kanban.dnd.instructions':
    'Para mover un ticket, pulse espacio o Enter. Use las flechas izquierda y derecha para elegir el carril y pulse espacio o Enter para soltarlo, o Escape para cancelar.',
  'kanban.dnd.start': 'Ticket de {name} tomado del carril {lane}.',
  'kanban.dnd.over': 'Ticket de {name} sobre el carril {lane}.',
  'kanban.dnd.outside': 'Ticket de {name} fuera de los carriles.',
  'kanban.dnd.end': 'Ticket de {name} soltado en el carril {lane}.',
  'kanban.dnd.cancel': 'Movimiento del ticket de {name} cancelado.',
} as const;
