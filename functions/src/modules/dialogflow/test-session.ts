import { randomUUID } from 'node:crypto';
import { queueIntegrationTestInputSchema } from '@atende/shared/entities/queue-integration';
import { getQueueIntegration } from '#data/queue-integrations';
import { AppError } from '#domain/app-error';
import { isMaskedSecret } from '#domain/secret-mask';
import { route } from '#http/route';
import { ProviderUnavailable } from '../bot-turn/provider.ts';
import { openIntegrationSecret } from '../queue-integrations/secrets.ts';
import { detectIntent, DialogflowRejected } from './detect-intent.ts';
import { parseServiceAccount } from './service-account.ts';

/** The greeting the Test button sends, in the integration's language. */
const testGreeting: Record<string, string> = { 'pt-BR': 'Olá', es: 'Hola', en: 'Hello' };

/**
 * The key file to test: the posted one, or, when the dialog sent back the stored one's masked
 * form with the integration's id, the stored one opened (another company's id is not found).
 */
async function keyFile(
  companyId: number,
  body: { jsonContent: string; id?: number | undefined },
): Promise<string | undefined> {
  if (!isMaskedSecret(body.jsonContent)) return body.jsonContent;
  if (body.id === undefined) throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'masked' });
  const integration = await getQueueIntegration(companyId, body.id);
  if (!integration) throw new AppError('ERR_NOT_FOUND');
  return openIntegrationSecret(companyId, integration.jsonContent);
}

/**
 * POST /queueIntegration/testSession (extended §2.12, §7): the dialog's Test button runs a real
 * detect-intent call with the posted (maybe not yet saved) projectName, jsonContent and language,
 * in a throwaway session, and answers `{ messages }`, the agent's fulfilment texts for a greeting.
 * Bad key file: 400 ERR_DIALOGFLOW_CREDENTIALS; Dialogflow refused (project, permission, key):
 * 400 ERR_DIALOGFLOW_REJECTED with its status; unreachable, slow, 429 or 5xx: 502
 * ERR_DIALOGFLOW_UNAVAILABLE. Mounted in the queue-integrations module (same path prefix).
 */
export const testSessionRoute = route({
  method: 'POST',
  path: '/queueIntegration/testSession',
  access: 'admin',
  feature: 'useIntegrations',
  body: queueIntegrationTestInputSchema,
  handler: async ({ principal, body }) => {
    const account = parseServiceAccount(await keyFile(principal.companyId, body));
    try {
      const answer = await detectIntent({
        account,
        projectName: body.projectName,
        sessionId: `test-${randomUUID().slice(0, 8)}`,
        text: testGreeting[body.language] ?? 'Hello',
        language: body.language,
      });
      return { messages: answer.texts };
    } catch (error) {
      if (error instanceof DialogflowRejected)
        throw new AppError('ERR_DIALOGFLOW_REJECTED', { status: error.status });
      if (error instanceof ProviderUnavailable) throw new AppError('ERR_DIALOGFLOW_UNAVAILABLE');
      throw error;
    }
  },
});
