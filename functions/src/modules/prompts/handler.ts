import { promptCreateInputSchema, promptUpdateInputSchema } from '@atende/shared/entities/prompt';
import { idPathSchema } from '@atende/shared/fields';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import {
  createPrompt,
  deletePrompt,
  getAiUsage,
  getPrompt,
  listPrompts,
  updatePrompt,
  type ClearablePromptField,
  type PromptFields,
} from '#data/prompts';
import { getQueue, listQueues, updateQueue } from '#data/queues';
import { AppError } from '#domain/app-error';
import { maskSecret, planAiCallCap, usageDay } from '#domain/prompt-rules';
import { companyContext } from '#http/company-context';
import { isMaskedSecret } from '#domain/secret-mask';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { secretBox } from '#ports/secret-box';
import { publicPrompt } from './serialize.ts';

async function queueNames(companyId: number) {
  return new Map(
    (await listQueues(companyId)).map((queue) => [queue.id, { id: queue.id, name: queue.name }]),
  );
}

/** The queue must be the company's own: another company's id is not found, as for any record. */
async function assertQueue(companyId: number, queueId: number): Promise<void> {
  if (!(await getQueue(companyId, queueId))) throw new AppError('ERR_NOT_FOUND');
}

/**
 * The prompt's queue select names the queue it answers for: saving it sets that queue's
 * promptId (the queue dialog's own prompt select changes it too; the bot turn reads the queue's).
 */
async function attachToQueue(companyId: number, queueId: number, promptId: number): Promise<void> {
  const queue = await getQueue(companyId, queueId);
  if (queue && queue.promptId !== promptId) await updateQueue(companyId, queueId, { promptId });
}

async function sealed(companyId: number, secret: string) {
  return { sealed: await (await secretBox()).seal(companyId, secret), mask: maskSecret(secret) };
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
    method: 'GET',
    path: '/prompt/{id}',
    access: 'admin',
    feature: 'useOpenAi',
    params: idPathSchema,
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
      const { companyId } = principal;
      await assertQueue(companyId, body.queueId);
      if (isMaskedSecret(body.apiKey))
        throw new AppError('ERR_VALIDATION', { issues: [{ path: 'apiKey', message: msg.required }] });
      const apiKey = await sealed(companyId, body.apiKey);
      const voiceKey =
        body.voiceKey && !isMaskedSecret(body.voiceKey) ? await sealed(companyId, body.voiceKey) : undefined;
      const fields: PromptFields = {
        name: body.name,
        prompt: body.prompt,
        voice: body.voice,
        maxTokens: body.maxTokens,
        temperature: body.temperature,
        maxMessages: body.maxMessages,
        queueId: body.queueId,
        apiKeySealed: apiKey.sealed,
        apiKeyMask: apiKey.mask,
        ...(body.voiceRegion ? { voiceRegion: body.voiceRegion } : {}),
        ...(voiceKey ? { voiceKeySealed: voiceKey.sealed, voiceKeyMask: voiceKey.mask } : {}),
      };
      const prompt = await createPrompt(companyId, fields);
      await attachToQueue(companyId, body.queueId, prompt.id);
      return new HttpAnswer(200, publicPrompt(prompt, await queueNames(companyId)));
    },
  }),
  route({
    method: 'PUT',
    path: '/prompt/{id}',
    access: 'admin',
    feature: 'useOpenAi',
    params: idPathSchema,
    body: promptUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const { companyId } = principal;
      if (body.queueId !== undefined) await assertQueue(companyId, body.queueId);
      const changes: Partial<PromptFields> = {
        name: body.name,
        prompt: body.prompt,
        voice: body.voice,
        maxTokens: body.maxTokens,
        temperature: body.temperature,
        maxMessages: body.maxMessages,
        queueId: body.queueId,
      };
      const clear: ClearablePromptField[] = [];
      // The dialog sends the masked key back unless the admin typed a new one: that keeps the stored key.
      if (body.apiKey !== undefined && !isMaskedSecret(body.apiKey)) {
        const apiKey = await sealed(companyId, body.apiKey);
        Object.assign(changes, { apiKeySealed: apiKey.sealed, apiKeyMask: apiKey.mask });
      }
      if (body.voiceKey !== undefined && !isMaskedSecret(body.voiceKey)) {
        if (body.voiceKey === '') clear.push('voiceKeySealed', 'voiceKeyMask');
        else {
          const voiceKey = await sealed(companyId, body.voiceKey);
          Object.assign(changes, { voiceKeySealed: voiceKey.sealed, voiceKeyMask: voiceKey.mask });
        }
      }
      if (body.voiceRegion !== undefined) {
        if (body.voiceRegion === '') clear.push('voiceRegion');
        else changes.voiceRegion = body.voiceRegion;
      }
      const prompt = await updatePrompt(companyId, params.id, changes, clear);
      if (!prompt) throw new AppError('ERR_NOT_FOUND');
      if (prompt.queueId !== undefined) await attachToQueue(companyId, prompt.queueId, prompt.id);
      return publicPrompt(prompt, await queueNames(companyId));
    },
  }),
  route({
    method: 'DELETE',
    path: '/prompt/{id}',
    access: 'admin',
    feature: 'useOpenAi',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const { companyId } = principal;
      if (!(await deletePrompt(companyId, params.id))) throw new AppError('ERR_NOT_FOUND');
      // Queues that named it stop running it (a connection's promptId is read and found gone).
      for (const queue of await listQueues(companyId)) {
        if (queue.promptId === params.id) await updateQueue(companyId, queue.id, {}, ['promptId']);
      }
      return { message: 'Prompt deleted' };
    },
  }),
]);
