import { queueCreateInputSchema, queueListQuerySchema, queueUpdateInputSchema } from '@atende/shared/entities/queue';
import {
  createQueue,
  deleteQueue,
  getQueue,
  listQueues,
  updateQueue,
  type ClearableQueueField,
  type QueueChanges,
  type QueueFields,
} from '#data/queues';
import { foundOr } from '#domain/app-error';
import { companyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { publicQueue } from './serialize.ts';
import { assertBotReferencesExist } from '../references/bot-references.ts';

async function queueOrFail(companyId: number, id: number) {
  return foundOr(getQueue(companyId, id));
}

const textFields = ['greetingMessage', 'outOfHoursMessage'] as const;
const numberFields = ['orderQueue', 'integrationId', 'promptId'] as const;

/**
 * /api/queue: the company's queues with their opening hours (extended §2.13, §7). Everyone reads
 * them (ticket filters, transfer and user selects); admins create, change and delete them. The
 * company is always the caller's: like GET /whatsapp, a `companyId` in the query is accepted
 * and ignored.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/queue',
    access: 'user',
    query: queueListQuerySchema,
    handler: async ({ principal }) => (await listQueues(principal.companyId)).map(publicQueue),
  }),
  route({
    ...onRecord('GET', '/queue/{id}', 'user'),
    handler: async ({ principal, params }) => publicQueue(await queueOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/queue',
    access: 'admin',
    body: queueCreateInputSchema,
    handler: async ({ principal, body }) => {
      const [{ plan }] = await Promise.all([
        companyContext(principal.companyId),
        assertBotReferencesExist(principal.companyId, body),
      ]);
      const fields: QueueFields = { name: body.name, color: body.color.trim(), schedules: body.schedules };
      for (const field of textFields) if (body[field]) fields[field] = body[field];
      for (const field of numberFields) if (body[field] != null) fields[field] = body[field];
      const queue = await createQueue(principal.companyId, fields, plan?.queues ?? Number.MAX_SAFE_INTEGER);
      return new HttpAnswer(201, publicQueue(queue));
    },
  }),
  route({
    ...onRecord('PUT', '/queue/{id}', 'admin'),
    body: queueUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      await assertBotReferencesExist(principal.companyId, body);
      const changes: QueueChanges = {};
      const clear: ClearableQueueField[] = [];
      if (body.name !== undefined) changes.name = body.name;
      if (body.color !== undefined) changes.color = body.color.trim();
      if (body.schedules !== undefined) changes.schedules = body.schedules;
      for (const field of textFields) {
        if (body[field] === undefined) continue;
        if (body[field]) changes[field] = body[field];
        else clear.push(field);
      }
      for (const field of numberFields) {
        const value = body[field];
        if (value === undefined) continue;
        if (value === null) clear.push(field);
        else changes[field] = value;
      }
      return publicQueue(await updateQueue(principal.companyId, params.id, changes, clear));
    },
  }),
  route({
    ...onRecord('DELETE', '/queue/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      await deleteQueue(principal.companyId, params.id);
      return new HttpAnswer(204);
    },
  }),
]);
