import { campaignStepSchema } from './dispatch-messages.ts';
import { runStep } from './dispatcher.ts';
import { queueEntry } from '#observability/queue-entry';

/**
 * Consumer of the `campaigns` queue: the steps of campaign runs (dispatcher.ts). Each step is
 * handled alone; a failed one is reported alone and delivered again (every step is fenced, so a
 * repeat does nothing twice). A body that is not a step can never succeed: logged and dropped.
 */
export const handler = queueEntry({
  what: 'campaign step',
  parse: (body) => campaignStepSchema.parse(body),
  handle: (step) => runStep(step),
  logKeys: (step) => ({ kind: step.kind, campaignId: step.campaignId }),
  concurrent: true,
});
