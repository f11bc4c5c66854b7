import type { kanbanMessages } from './kanban.es.ts';

/** Brazilian Portuguese text of the kanban board. */
export const kanbanMessagesPtBr: Record<keyof typeof kanbanMessages, string> = {
  'kanban.title': 'Kanban',
  'kanban.creados': 'Em aberto',
  'kanban.board': 'Quadro kanban',
  'kanban.empty': 'Nenhum ticket',
  'kanban.loadError': 'Não foi possível carregar o quadro.',
  'kanban.openTicket': 'Ver ticket',
  'kanban.openTicketOf': 'Ver ticket de {name}',
  'kanban.loadMore': 'Carregar mais',
  'kanban.noContact': 'Sem contato',
  'kanban.noMessage': 'Sem mensagens',
  'kanban.tagRemoved': 'Tag removida do ticket!',
  'kanban.tagAdded': 'Tag adicionada ao ticket!',
  'kanban.creadosHelp':
    'Em aberto reúne os tickets sem nenhuma tag de coluna do kanban; eles podem ter outras tags.',
  'kanban.moveFailed': 'Não foi possível mover o ticket. O quadro foi atualizado.',
  'kanban.noPermission':
    'Esta empresa não possui permissão para acessar esta página! Estamos redirecionando você.',
  'kanban.dnd.instructions':
    'Para mover um ticket, pressione espaço ou Enter. Use as setas para a esquerda e para a direita para escolher a coluna e pressione espaço ou Enter para soltá-lo, ou Escape para cancelar.',
  'kanban.dnd.start': 'Ticket de {name} retirado da coluna {lane}.',
  'kanban.dnd.over': 'Ticket de {name} sobre a coluna {lane}.',
  'kanban.dnd.outside': 'Ticket de {name} fora das colunas.',
  'kanban.dnd.end': 'Ticket de {name} solto na coluna {lane}.',
  'kanban.dnd.cancel': 'Movimento do ticket de {name} cancelado.',
};
