import type { QueueIntegrationRecord } from '#data/queue-integrations';
import {
  integrationHeaders,
  readIntegrationAnswer,
  signDelivery,
  type IntegrationDelivery,
} from '#domain/integration-webhook';
import type { BotProvider, BotReply, BotTurn, BotTurnOutcome } from '../bot-turn/provider.ts';
import { withFetchedMedia } from './flow-media.ts';
import { IntegrationRefused, postJson } from './outbound-call.ts';
import { openIntegrationSecret } from './secrets.ts';

/** The delivery's body: what the receiver needs of the turn, nothing secret. */
export function deliveryOf(turn: BotTurn, config: QueueIntegrationRecord): IntegrationDelivery {
  return {
    event: 'message',
    integration: { id: config.id, name: config.name, type: config.type },
    company: { id: turn.companyId },
    ticket: {
      id: turn.ticket.id,
      uuid: turn.ticket.uuid,
      status: turn.ticket.status,
      queueId: turn.ticket.queueId ?? null,
      whatsappId: turn.ticket.whatsappId,
    },
    contact: { id: turn.contact.id, name: turn.contact.name, number: turn.contact.number },
    message: {
      id: turn.message.id,
      body: turn.message.body,
      mediaType: turn.message.mediaType ?? null,
      timestamp: turn.message.timestamp,
    },
  };
}

/**
 * The answer's replies with each named medium fetched (flow-media.ts: through the outbound guard,
 * capped at botMediaMaxBytes, typed from its bytes) and sent as a media message after its text;
 * a medium that cannot be had is sent as its URL. The bytes are stored and sent by the bot turn
 * under the reply's derived id, so a retried or redelivered turn sends it once.
 */
async function withMediaReplies(replies: { body: string; mediaUrl?: string }[]): Promise<BotReply[]> {
  const split = replies.flatMap((reply): { body: string; mediaUrl?: string }[] =>
    reply.mediaUrl && reply.body ? [{ body: reply.body }, { body: '', mediaUrl: reply.mediaUrl }] : [reply],
  );
  return Promise.all(split.map((reply) => withFetchedMedia(reply, { anyKind: true })));
}

/**
 * The n8n and webhook providers: each customer message is POSTed as signed JSON to the
 * integration's URL (x-atende-signature, HMAC-SHA256 with the integration's key over
 * `<x-atende-timestamp>.<body>`; x-atende-delivery is the message id, the same on a retry, so
 * the receiver can drop repeats). The JSON answer's texts go to the customer; `transfer` hands the
 * ticket to a person, `close` closes it.
 */
function webhookProvider(kind: 'n8n' | 'webhook'): BotProvider {
  return {
    kind,
    async answer(turn, rawConfig): Promise<BotTurnOutcome> {
      const config = rawConfig as QueueIntegrationRecord;
      const url = config.urlN8N?.trim();
      if (!url) throw new IntegrationRefused(`${kind}: the integration has no URL`);
      // Stored sealed (secrets.ts): opened only to sign this delivery.
      const signingKey = await openIntegrationSecret(turn.companyId, config.webhookSecret).catch(() => {
        throw new IntegrationRefused(`${kind}: the signing key cannot be opened`);
      });
      if (!signingKey) throw new IntegrationRefused(`${kind}: the integration has no signing key`);
      const body = JSON.stringify(deliveryOf(turn, config));
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await postJson(kind, url, body, {
        [integrationHeaders.event]: 'message',
        [integrationHeaders.delivery]: turn.message.id,
        [integrationHeaders.timestamp]: String(timestamp),
        [integrationHeaders.signature]: signDelivery(signingKey, timestamp, body),
      });
      if (response.status < 200 || response.status >= 300)
        throw new IntegrationRefused(`${kind} answered ${response.status}`);
      const answer = readIntegrationAnswer(response.body);
      const outcome: BotTurnOutcome = { replies: await withMediaReplies(answer.replies) };
      if (answer.close) outcome.close = true;
      else if (answer.transfer)
        outcome.handOff = { note: `${kind === 'n8n' ? 'n8n' : 'Webhook'}: transferencia solicitada` };
      return outcome;
    },
  };
}

export const n8nProvider = webhookProvider('n8n');
export const webhookIntegrationProvider = webhookProvider('webhook');
