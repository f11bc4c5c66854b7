import { validationMessages as msg } from '@atende/shared/validation-messages';
import { getPrompt } from '#data/prompts';
import { getQueueIntegration } from '#data/queue-integrations';
import { AppError } from '#domain/app-error';

/**
 * The AI prompt and the queue integration a queue or a connection names must be the company's
 * own records: an id that does not exist (or is another company's) is refused with 400 on the
 * field, never stored. Both are read from the caller's company only.
 */
export async function assertBotReferencesExist(
  companyId: number,
  references: { promptId?: number | null; integrationId?: number | null },
): Promise<void> {
  const [prompt, integration] = await Promise.all([
    references.promptId ? getPrompt(companyId, references.promptId) : Promise.resolve(undefined),
    references.integrationId ? getQueueIntegration(companyId, references.integrationId) : Promise.resolve(undefined),
  ]);
  const issues = [
    ...(references.promptId && !prompt ? [{ path: 'promptId', message: msg.referenceNotFound }] : []),
    ...(references.integrationId && !integration ? [{ path: 'integrationId', message: msg.referenceNotFound }] : []),
  ];
  if (issues.length > 0) throw new AppError('ERR_VALIDATION', { issues });
}
