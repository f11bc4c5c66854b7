import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /queueIntegration/testSession (dialogflow: projectName, jsonContent, language). */
export function testQueueIntegrationSession(payload: {
  projectName: string;
  jsonContent: string;
  language: string;
}) {
  return api.post<unknown>('/queueIntegration/testSession', payload);
}

export function useTestQueueIntegrationSession() {
  return useMutation({ mutationFn: testQueueIntegrationSession });
}
