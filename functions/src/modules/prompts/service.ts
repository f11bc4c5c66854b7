import type { PromptCreateInput, PromptUpdateInput } from '@atende/shared/entities/prompt';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import {
  createPrompt,
  deletePrompt,
  getPrompt,
  updatePrompt,
  type ClearablePromptField,
  type PromptFields,
  type PromptRecord,
} from '#data/prompts';
import { getQueue, listQueues } from '#data/queues';
import { AppError } from '#domain/app-error';
import { maskSecret } from '#domain/prompt-rules';
import { isMaskedSecret } from '#domain/secret-mask';
import { secretBox } from '#homes/adapters';

async function sealed(companyId: number, secret: string) {
  return { sealed: await (await secretBox()).seal(companyId, secret), mask: maskSecret(secret) };
}

/** The fields a prompt keeps as the admin typed them (the keys are sealed apart, the region cleared apart). */
function typedFields<B extends PromptCreateInput | PromptUpdateInput>(
  body: B,
): Pick<B, 'name' | 'prompt' | 'voice' | 'maxTokens' | 'temperature' | 'maxMessages' | 'queueId'> {
  const { name, prompt, voice, maxTokens, temperature, maxMessages, queueId } = body;
  return { name, prompt, voice, maxTokens, temperature, maxMessages, queueId };
}

/**
 * POST /prompt: the keys sealed, then the prompt and its queue's `promptId` in one transaction
 * (AP-PR-3): the prompt's queue select names the queue it answers for (the queue dialog's own
 * prompt select changes it too; the bot turn reads the queue's). Another company's queue id, or
 * a queue gone meanwhile, is ERR_NOT_FOUND with nothing written.
 */
export async function createCompanyPrompt(companyId: number, body: PromptCreateInput): Promise<PromptRecord> {
  if (isMaskedSecret(body.apiKey))
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'apiKey', message: msg.required }] });
  // Before the keys are sealed: a queue that is not there costs no KMS call.
  if (!(await getQueue(companyId, body.queueId))) throw new AppError('ERR_NOT_FOUND');
  const apiKey = await sealed(companyId, body.apiKey);
  const voiceKey =
    body.voiceKey && !isMaskedSecret(body.voiceKey) ? await sealed(companyId, body.voiceKey) : undefined;
  const fields: PromptFields = {
    ...typedFields(body),
    apiKeySealed: apiKey.sealed,
    apiKeyMask: apiKey.mask,
    ...(body.voiceRegion ? { voiceRegion: body.voiceRegion } : {}),
    ...(voiceKey ? { voiceKeySealed: voiceKey.sealed, voiceKeyMask: voiceKey.mask } : {}),
  };
  return createPrompt(companyId, fields);
}

/**
 * PUT /prompt/{id}: the changes, and its queue's `promptId` when that queue names another prompt,
 * in one transaction (AP-PR-4). The dialog sends the masked key back unless the admin typed a new
 * one: that keeps the stored key.
 */
export async function updateCompanyPrompt(
  companyId: number,
  id: number,
  body: PromptUpdateInput,
): Promise<PromptRecord> {
  const current = await getPrompt(companyId, id);
  if (!current) throw new AppError('ERR_NOT_FOUND');
  const queueId = body.queueId ?? current.queueId;
  const queue = queueId !== undefined ? await getQueue(companyId, queueId) : undefined;
  if (body.queueId !== undefined && !queue) throw new AppError('ERR_NOT_FOUND');
  const changes: Partial<PromptFields> = typedFields(body);
  const clear: ClearablePromptField[] = [];
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
  const attachTo = queue && queue.promptId !== id ? queue.id : undefined;
  return updatePrompt(companyId, id, changes, clear, attachTo);
}

/**
 * DELETE /prompt/{id}: the prompt and its id on every queue naming it, in one transaction
 * (AP-PR-5): queues that named it stop running it (a connection's promptId is read and found gone).
 */
export async function deleteCompanyPrompt(companyId: number, id: number): Promise<void> {
  const naming = async () =>
    (await listQueues(companyId)).filter((queue) => queue.promptId === id).map((queue) => queue.id);
  if (!(await deletePrompt(companyId, id, await naming(), naming))) throw new AppError('ERR_NOT_FOUND');
}
