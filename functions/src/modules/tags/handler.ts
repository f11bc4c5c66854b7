import * as z from 'zod';
import {
  tagCreateInputSchema,
  tagListQuerySchema,
  tagSyncInputSchema,
  tagUpdateInputSchema,
  ticketTagPathSchema,
} from '@atende/shared/entities/tag';
import { idParamSchema } from '@atende/shared/fields';
import { kanbanMoveInputSchema } from '@atende/shared/entities/kanban';
import { changeTicketTags, createTag, deleteTag, getTag, listTags, updateTag } from '#data/tags';
import { foundOr } from '#domain/app-error';
import { planKanbanMove } from '#domain/kanban-rules';
import { matchesSearch, pageOf } from '#domain/paging';
import { assertMayChangeKanban, assertMayDeleteTag, assertTagLimit, maxTagsPerTicket, tagPageSize } from '#domain/tag-rules';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { visibleTicket } from '../messages/visible-ticket.ts';
import { publicTag } from './serialize.ts';

async function tagOrFail(companyId: number, id: number) {
  return foundOr(getTag(companyId, id));
}

/**
 * /api/tags and /api/ticket-tags: the company's tags (extended §2.14, §7), a ticket's tags
 * (sync, add one, remove all) and the kanban lanes. Every ticket route checks that the caller
 * may see the ticket; `ticketsCount` moves in the same transaction as each link.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/tags',
    access: 'user',
    query: tagListQuerySchema,
    handler: async ({ principal, query }) => {
      const tags = (await listTags(principal.companyId))
        .filter((tag) => query.kanban === undefined || (tag.kanban === 1) === query.kanban)
        .filter((tag) => matchesSearch(query.searchParam, tag.name));
      const page = pageOf(tags, query.pageNumber, tagPageSize);
      return { tags: page.items.map(publicTag), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    method: 'GET',
    path: '/tags/list',
    access: 'user',
    handler: async ({ principal }) => (await listTags(principal.companyId)).map(publicTag),
  }),
  route({
    method: 'GET',
    path: '/tags/kanban',
    access: 'user',
    feature: 'useKanban',
    handler: async ({ principal }) => ({
      lista: (await listTags(principal.companyId)).filter((tag) => tag.kanban === 1).map(publicTag),
    }),
  }),
  route({
    ...onRecord('GET', '/tags/{id}', 'user'),
    handler: async ({ principal, params }) => publicTag(await tagOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/tags',
    access: 'user',
    body: tagCreateInputSchema,
    handler: async ({ principal, body }) => {
      assertMayChangeKanban(principal, 0, body.kanban);
      const tag = await createTag(principal.companyId, { name: body.name, color: body.color, kanban: body.kanban, userId: principal.userId });
      return new HttpAnswer(201, publicTag(tag));
    },
  }),
  route({
    ...onRecord('PUT', '/tags/{id}', 'user'),
    body: tagUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await tagOrFail(principal.companyId, params.id);
      assertMayChangeKanban(principal, current.kanban, body.kanban);
      return publicTag(await updateTag(principal.companyId, current.id, body));
    },
  }),
  route({
    ...onRecord('DELETE', '/tags/{id}', 'user'),
    handler: async ({ principal, params }) => {
      const current = await tagOrFail(principal.companyId, params.id);
      assertMayDeleteTag(principal, current);
      await deleteTag(principal.companyId, current.id);
      return new HttpAnswer(204);
    },
  }),
  route({
    method: 'POST',
    path: '/tags/sync',
    access: 'user',
    body: tagSyncInputSchema,
    handler: async ({ principal, body }) => {
      assertTagLimit(body.tags.length);
      const ticket = await visibleTicket(principal, body.ticketId);
      const tags = await changeTicketTags(principal.companyId, ticket.id, () => body.tags);
      return { ticketId: ticket.id, tags };
    },
  }),
  route({
    method: 'DELETE',
    path: '/ticket-tags/{ticketId}',
    access: 'user',
    feature: 'useKanban',
    params: z.object({ ticketId: idParamSchema }),
    handler: async ({ principal, params }) => {
      const ticket = await visibleTicket(principal, params.ticketId);
      const tags = await changeTicketTags(principal.companyId, ticket.id, () => []);
      return { ticketId: ticket.id, tags };
    },
  }),
  route({
    method: 'PUT',
    path: '/ticket-tags/{ticketId}/{tagId}',
    access: 'user',
    feature: 'useKanban',
    params: ticketTagPathSchema,
    handler: async ({ principal, params }) => {
      const ticket = await visibleTicket(principal, params.ticketId);
      const tags = await changeTicketTags(principal.companyId, ticket.id, (current) => {
        if (current.includes(params.tagId)) return current;
        if (current.length >= maxTagsPerTicket) assertTagLimit(current.length + 1);
        return [...current, params.tagId];
      });
      return { ticketId: ticket.id, tags };
    },
  }),
  route({
    // A kanban card's move in one transaction (docs/decisions.md, "Kanban"): the spec's two calls
    // (DELETE then PUT) would leave the ticket on no lane between them and drop its other tags.
    method: 'POST',
    path: '/ticket-tags/{ticketId}/move',
    access: 'user',
    feature: 'useKanban',
    params: z.object({ ticketId: idParamSchema }),
    body: kanbanMoveInputSchema,
    handler: async ({ principal, params, body }) => {
      const [ticket, tags] = await Promise.all([visibleTicket(principal, params.ticketId), listTags(principal.companyId)]);
      const kanbanTagIds = tags.filter((tag) => tag.kanban === 1).map((tag) => tag.id);
      const moved = await changeTicketTags(principal.companyId, ticket.id, (current) => {
        const wanted = planKanbanMove(current, body, kanbanTagIds);
        assertTagLimit(wanted.length);
        return wanted;
      });
      return { ticketId: ticket.id, tags: moved };
    },
  }),
]);
