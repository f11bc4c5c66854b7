import { dialogflowProvider } from '../dialogflow/provider.ts';
import { typebotProvider } from '../queue-integrations/typebot-provider.ts';
import { n8nProvider, webhookIntegrationProvider } from '../queue-integrations/webhook-provider.ts';
import { openAiProvider } from './openai-provider.ts';
import type { BotProvider } from './provider.ts';

/**
 * Which provider answers a bot turn: `prompt` for an AI prompt, else the queue integration's
 * `type`. Each provider registers itself here with one line (P1: prompt; Q1: typebot, n8n,
 * webhook; D1: dialogflow).
 */
const providers: Partial<Record<string, BotProvider>> = {
  prompt: openAiProvider,
  dialogflow: dialogflowProvider,
  typebot: typebotProvider,
  n8n: n8nProvider,
  webhook: webhookIntegrationProvider,
};

export function providerFor(kind: string): BotProvider | undefined {
  return providers[kind];
}

/** The kinds that have a provider (a queue integration of another type is not run). */
export function providerKinds(): string[] {
  return Object.keys(providers);
}
