import {
  queueOptionCreateInputSchema,
  queueOptionListQuerySchema,
  queueOptionUpdateInputSchema,
} from '@atende/shared/entities/queue-option';
import {
  createQueueOption,
  deleteQueueOptions,
  getQueueOption,
  listAllQueueOptions,
  updateQueueOption,
} from '#data/queue-options';
import { getQueue } from '#data/queues';
import { AppError, foundOr } from '#domain/app-error';
import { assertParentInQueue, assertSameParent, buildOptionTree, subtreeIds } from '#domain/queue-rules';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { publicQueueOption } from './serialize.ts';

/** The queue must be one of the caller's company (its key starts with the company). */
async function assertQueueOfCompany(companyId: number, queueId: number) {
  if (!(await getQueue(companyId, queueId))) throw new AppError('ERR_NOT_FOUND');
}

async function optionOrFail(companyId: number, id: number) {
  return foundOr(getQueueOption(companyId, id));
}

/**
 * /api/queue-options: a queue's chatbot menu as a nested tree (extended §2.13, §3, §7). A level
 * (`parentId` -1 or absent for the roots) answers with each option's whole subtree in
 * `children`, built from one read of the queue's options. Deleting an option deletes its
 * subtree. Admins change the tree; everyone may read it.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/queue-options',
    access: 'user',
    query: queueOptionListQuerySchema,
    handler: async ({ principal, query }) => {
      await assertQueueOfCompany(principal.companyId, query.queueId);
      const options = await listAllQueueOptions(principal.companyId, query.queueId);
      return buildOptionTree(options, query.parentId).map(publicQueueOption);
    },
  }),
  route({
    ...onRecord('GET', '/queue-options/{id}', 'user'),
    handler: async ({ principal, params }) => publicQueueOption(await optionOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/queue-options',
    access: 'admin',
    body: queueOptionCreateInputSchema,
    handler: async ({ principal, body }) => {
      await assertQueueOfCompany(principal.companyId, body.queueId);
      if (body.parentId !== null) assertParentInQueue(await getQueueOption(principal.companyId, body.parentId), body.queueId);
      const option = await createQueueOption(principal.companyId, {
        queueId: body.queueId,
        parentId: body.parentId,
        title: body.title,
        message: body.message,
        option: body.option,
      });
      return new HttpAnswer(201, publicQueueOption({ ...option, children: [] }));
    },
  }),
  route({
    ...onRecord('PUT', '/queue-options/{id}', 'admin'),
    body: queueOptionUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await optionOrFail(principal.companyId, params.id);
      assertSameParent(current.parentId, body.parentId);
      const changed = await updateQueueOption(principal.companyId, current.id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.message !== undefined ? { message: body.message } : {}),
        ...(body.option !== undefined ? { option: body.option } : {}),
      });
      return publicQueueOption(changed);
    },
  }),
  route({
    ...onRecord('DELETE', '/queue-options/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      const current = await optionOrFail(principal.companyId, params.id);
      const options = await listAllQueueOptions(principal.companyId, current.queueId);
      await deleteQueueOptions(principal.companyId, subtreeIds([...options, current], current.id));
      return new HttpAnswer(204);
    },
  }),
]);
