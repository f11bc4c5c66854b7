import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /queueIntegration/testSession (dialogflow: projectName, jsonContent, language). With the
 * stored key file's masked form, `id` names the integration whose stored key file is tested.
 */
export function testQueueIntegrationSession(payload: {
  projectName: string;
  jsonContent: string;
  language: string;
  id?: number | undefined;
}) {
  return api.post<unknown>('/queueIntegration/testSession', payload);
}

export function useTestQueueIntegrationSession() {
  return useMutation({ mutationFn: testQueueIntegrationSession });
}
