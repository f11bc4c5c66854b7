import { promptCreateInputSchema, promptUpdateInputSchema } from '@atende/shared/entities/prompt';
import { getAiUsage, getPrompt, listPrompts } from '#data/prompts';
import { listQueues } from '#data/queues';
import { AppError } from '#domain/app-error';
import { planAiCallCap, usageDay } from '#domain/prompt-rules';
import { companyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { publicPrompt } from './serialize.ts';
import { createCompanyPrompt, deleteCompanyPrompt, updateCompanyPrompt } from './service.ts';

async function queueNames(companyId: number) {
  return new Map(
    (await listQueues(companyId)).map((queue) => [queue.id, { id: queue.id, name: queue.name }]),
  );
}

/** /api/prompt: a company's AI prompts (extended §2.11, §7), for its admins, with the plan's useOpenAi. */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/prompt',
    access: 'admin',
    feature: 'useOpenAi',
    handler: async ({ principal }) => {
      const { companyId } = principal;
      const [prompts, queues, usage, context] = await Promise.all([
        listPrompts(companyId),
        queueNames(companyId),
        getAiUsage(companyId, usageDay(new Date())),
        // Read by the route's plan check just before: from this container's cache.
        companyContext(companyId),
      ]);
      return {
        prompts: prompts.map((prompt) => publicPrompt(prompt, queues)),
        // Beyond the spec: today's AI use against the daily cap, shown on the /prompts screen.
        usage: { ...usage, dailyCallCap: planAiCallCap(context.plan, process.env.ATENDE_AI_DAILY_CALLS) },
      };
    },
  }),
  route({
    ...onRecord('GET', '/prompt/{id}', 'admin'),
    feature: 'useOpenAi',
    handler: async ({ principal, params }) => {
      const prompt = await getPrompt(principal.companyId, params.id);
      if (!prompt) throw new AppError('ERR_NOT_FOUND');
      return publicPrompt(prompt, await queueNames(principal.companyId));
    },
  }),
  route({
    method: 'POST',
    path: '/prompt',
    access: 'admin',
    feature: 'useOpenAi',
    body: promptCreateInputSchema,
    handler: async ({ principal, body }) => {
      const prompt = await createCompanyPrompt(principal.companyId, body);
      return new HttpAnswer(200, publicPrompt(prompt, await queueNames(principal.companyId)));
    },
  }),
  route({
    ...onRecord('PUT', '/prompt/{id}', 'admin'),
    feature: 'useOpenAi',
    body: promptUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const prompt = await updateCompanyPrompt(principal.companyId, params.id, body);
      return publicPrompt(prompt, await queueNames(principal.companyId));
    },
  }),
  route({
    ...onRecord('DELETE', '/prompt/{id}', 'admin'),
    feature: 'useOpenAi',
    handler: async ({ principal, params }) => {
      await deleteCompanyPrompt(principal.companyId, params.id);
      return { message: 'Prompt deleted' };
    },
  }),
]);
