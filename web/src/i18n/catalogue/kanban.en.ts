import type { kanbanMessages } from './kanban.es.ts';

/** English (en) UI text of the kanban board (merged by messages.en.ts). */
export const kanbanMessagesEn: Record<keyof typeof kanbanMessages, string> = {
  'kanban.title': 'Kanban',
  'kanban.creados': 'Created',
  'kanban.board': 'Kanban board',
  'kanban.empty': 'No tickets',
  'kanban.loadError': "Couldn't load the board.",
  'kanban.openTicket': 'View ticket',
  'kanban.openTicketOf': "View {name}'s ticket",
  'kanban.loadMore': 'Load more',
  'kanban.noContact': 'No contact',
  'kanban.noMessage': 'No messages',
  'kanban.tagRemoved': 'Ticket tag removed!',
  'kanban.tagAdded': 'Ticket tag added!',
  'kanban.creadosHelp': 'Created holds the tickets without any kanban lane tag; they may have other tags.',
  'kanban.moveFailed': "Couldn't move the ticket. The board was refreshed.",
  'kanban.noPermission': "This company doesn't have permission to access this page. Redirecting you.",
  'kanban.dnd.instructions':
    'To move a ticket, press Space or Enter. Use the left and right arrows to choose the lane, then press Space or Enter to drop it, or Escape to cancel.',
  'kanban.dnd.start': "{name}'s ticket picked up from lane {lane}.",
  'kanban.dnd.over': "{name}'s ticket over lane {lane}.",
  'kanban.dnd.outside': "{name}'s ticket outside the lanes.",
  'kanban.dnd.end': "{name}'s ticket dropped in lane {lane}.",
  'kanban.dnd.cancel': "Moving {name}'s ticket cancelled.",
};
