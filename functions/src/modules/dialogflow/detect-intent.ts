import {
  dialogflowAnswer,
  dialogflowQueryText,
  type DialogflowAnswer,
  type DialogflowQueryResult,
} from '#domain/dialogflow-reply';
import { ProviderUnavailable } from '../bot-turn/provider.ts';
import { accessTokenFor, dialogflowBaseUrl, sessionPath } from './client.ts';
import type { ServiceAccount } from './service-account.ts';

/** Dialogflow refused the call for good (bad project, permission, key): retrying will not help. */
export class DialogflowRejected extends Error {
  constructor(readonly status: number | string | undefined) {
    super(`Dialogflow rejected the request (${String(status)})`);
    this.name = 'DialogflowRejected';
  }
}

export interface DetectIntentInput {
  account: ServiceAccount;
  projectName: string;
  /** Dialogflow session id (at most 36 characters): one per ticket. */
  sessionId: string;
  text: string;
  language: string;
  timeoutMs?: number;
}

/** Below the bot turn's own budget: a slow agent is a retryable failure, not a stuck turn. */
export const detectIntentTimeoutMs = 10_000;

/**
 * One detect-intent call (`POST v2/{session}:detectIntent`, a text query in the integration's
 * language); no retries here: the bot-turn hook owns retries and their backoff. Failures are
 * sorted into ProviderUnavailable (timeout, unreachable, 408, 429, 5xx: retry later) and
 * DialogflowRejected (anything else Dialogflow answered: the configuration is wrong).
 */
export async function detectIntent(input: DetectIntentInput): Promise<DialogflowAnswer> {
  const timeoutMs = input.timeoutMs ?? detectIntentTimeoutMs;
  const url = `${dialogflowBaseUrl()}/v2/${sessionPath(input.projectName, input.sessionId)}:detectIntent`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenFor(input.account)}`,
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({
        queryInput: { text: { text: dialogflowQueryText(input.text), languageCode: input.language } },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw unreachable(error, timeoutMs);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (response.ok) throw unreachable(error, timeoutMs);
  }
  if (!response.ok) {
    const status = response.status;
    if (status === 408 || status === 429 || status >= 500)
      throw new ProviderUnavailable(`Dialogflow answered ${status}`, retryAfterOf(response));
    throw new DialogflowRejected(status);
  }
  return dialogflowAnswer((body as { queryResult?: DialogflowQueryResult | null } | null)?.queryResult);
}

/** A call that got no answer: timed out (aborted), or the network failed (ECONNREFUSED, ENOTFOUND...). */
function unreachable(error: unknown, timeoutMs: number): ProviderUnavailable {
  const name = error instanceof Error ? error.name : 'error';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderUnavailable(`Dialogflow did not answer within ${timeoutMs} ms`);
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return new ProviderUnavailable(`Dialogflow unreachable (${typeof cause === 'string' ? cause : name})`);
}

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
