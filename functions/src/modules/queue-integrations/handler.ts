import {
  queueIntegrationCreateInputSchema,
  queueIntegrationListQuerySchema,
  queueIntegrationUpdateInputSchema,
} from '@atende/shared/entities/queue-integration';
import {
  createQueueIntegration,
  deleteQueueIntegration,
  getQueueIntegration,
  listQueueIntegrations,
  updateQueueIntegration,
  type QueueIntegrationFields,
} from '#data/queue-integrations';
import { foundOr } from '#domain/app-error';
import { matchesSearch, pageAnswer, pageOf } from '#domain/paging';
import { planIntegrationWrite, queueIntegrationPageSize } from '#domain/queue-integration-rules';
import { restModule } from '#http/rest-module';
import { type RouteDefinition, onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { testSessionRoute } from '../dialogflow/test-session.ts';
import { sealIntegrationWrite } from './secrets.ts';
import { publicQueueIntegration } from './serialize.ts';

async function integrationOrFail(companyId: number, id: number) {
  return foundOr(getQueueIntegration(companyId, id));
}

/**
 * /api/queueIntegration routes (extended §2.12, §7): an administration screen (core §2's admin
 * group) behind the plan flag useIntegrations. Other modules' routes under the same prefix
 * (POST /queueIntegration/testSession) are appended to this list.
 */
export const queueIntegrationRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    path: '/queueIntegration',
    access: 'admin',
    feature: 'useIntegrations',
    query: queueIntegrationListQuerySchema,
    handler: async ({ principal, query }) => {
      const all = (await listQueueIntegrations(principal.companyId)).filter((integration) =>
        matchesSearch(query.searchParam, integration.name, integration.type),
      );
      const page = pageOf(all, query.pageNumber, queueIntegrationPageSize);
      return pageAnswer('queueIntegrations', page.items.map((integration) => publicQueueIntegration(integration)), page);
    },
  }),
  route({
    ...onRecord('GET', '/queueIntegration/{id}', 'admin'),
    feature: 'useIntegrations',
    handler: async ({ principal, params }) =>
      publicQueueIntegration(await integrationOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/queueIntegration',
    access: 'admin',
    feature: 'useIntegrations',
    body: queueIntegrationCreateInputSchema,
    handler: async ({ principal, body }) => {
      const write = planIntegrationWrite(body);
      const sealed = await sealIntegrationWrite(principal.companyId, write);
      const fields = { ...sealed.set, type: body.type, name: body.name } as QueueIntegrationFields;
      const integration = await createQueueIntegration(principal.companyId, fields);
      return new HttpAnswer(201, publicQueueIntegration(integration, { newSecret: write.newSecret }));
    },
  }),
  route({
    ...onRecord('PUT', '/queueIntegration/{id}', 'admin'),
    feature: 'useIntegrations',
    body: queueIntegrationUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await integrationOrFail(principal.companyId, params.id);
      const write = planIntegrationWrite(body, current);
      const sealed = await sealIntegrationWrite(principal.companyId, write);
      const integration = await updateQueueIntegration(
        principal.companyId,
        current.id,
        sealed.set,
        sealed.clear,
      );
      return publicQueueIntegration(integration, { newSecret: write.newSecret });
    },
  }),
  route({
    ...onRecord('DELETE', '/queueIntegration/{id}', 'admin'),
    feature: 'useIntegrations',
    handler: async ({ principal, params }) => {
      await deleteQueueIntegration(principal.companyId, params.id);
      return { message: 'Integration deleted' };
    },
  }),
  testSessionRoute,
];

export const handler = restModule(queueIntegrationRoutes);
