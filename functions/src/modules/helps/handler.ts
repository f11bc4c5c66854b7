import { helpCreateInputSchema, helpUpdateInputSchema } from '@atende/shared/entities/help';
import { pagedSearchQuerySchema } from '@atende/shared/query-params';
import { deleteHelp, getHelp, listHelps, patchHelp, putHelp, type HelpRecord } from '#data/helps';
import { nextId } from '#data/ids';
import { foundOr } from '#domain/app-error';
import { matchesSearch, pageOf } from '#domain/paging';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';

const publicHelp = (help: HelpRecord) => ({
  id: help.id,
  title: help.title,
  video: help.video ?? '',
  description: help.description ?? '',
  createdAt: help.createdAt,
  updatedAt: help.updatedAt,
});

async function helpOrFail(id: number) {
  return foundOr(getHelp(id));
}

/** /api/helps: help videos for everyone; super users write them. */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/helps/list',
    access: 'user',
    allowBlockedCompany: true,
    handler: async () => (await listHelps()).map(publicHelp),
  }),
  route({
    method: 'GET',
    path: '/helps',
    access: 'user',
    allowBlockedCompany: true,
    query: pagedSearchQuerySchema,
    handler: async ({ query }) => {
      const page = pageOf(
        (await listHelps()).filter((help) => matchesSearch(query.searchParam, help.title, help.description)),
        query.pageNumber,
        20,
      );
      return { records: page.items.map(publicHelp), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    ...onRecord('GET', '/helps/{id}', 'user'),
    handler: async ({ params }) => publicHelp(await helpOrFail(params.id)),
  }),
  route({
    method: 'POST',
    path: '/helps',
    access: 'super',
    body: helpCreateInputSchema,
    handler: async ({ body }) => {
      const help = await putHelp({ id: await nextId('platform', 'help'), title: body.title, video: body.video, description: body.description });
      return new HttpAnswer(201, publicHelp(help));
    },
  }),
  route({
    ...onRecord('PUT', '/helps/{id}', 'super'),
    body: helpUpdateInputSchema,
    handler: async ({ params, body }) => {
      await helpOrFail(params.id);
      return publicHelp(await patchHelp(params.id, body));
    },
  }),
  route({
    ...onRecord('DELETE', '/helps/{id}', 'super'),
    handler: async ({ params }) => {
      await helpOrFail(params.id);
      await deleteHelp(params.id);
      return new HttpAnswer(204);
    },
  }),
]);
