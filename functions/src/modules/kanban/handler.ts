import { kanbanBoardQuerySchema } from '@atende/shared/entities/kanban';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { kanbanBoard } from './board.ts';

/**
 * /api/ticket/kanban (extended §2.17, §7): the board's lanes (board.ts). Moving a card is
 * POST /ticket-tags/{ticketId}/move (modules/tags).
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/ticket/kanban',
    access: 'user',
    feature: 'useKanban',
    query: kanbanBoardQuerySchema,
    handler: ({ principal, query }) => kanbanBoard(principal, query),
  }),
]);
