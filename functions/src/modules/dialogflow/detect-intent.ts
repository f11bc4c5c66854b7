import {
  dialogflowAnswer,
  dialogflowQueryText,
  type DialogflowAnswer,
  type DialogflowQueryResult,
} from '#domain/dialogflow-reply';
import { ProviderUnavailable } from '../bot-turn/provider.ts';
import { sessionsClientFor } from './client.ts';
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
 * One detect-intent call (Sessions.DetectIntent, a text query in the integration's language).
 * The client's own retries are off: the bot-turn hook owns retries and their backoff. Failures
 * are sorted into ProviderUnavailable (timeout, unreachable, 429, 5xx: retry later) and
 * DialogflowRejected (anything else Dialogflow answered: the configuration is wrong).
 */
export async function detectIntent(input: DetectIntentInput): Promise<DialogflowAnswer> {
  const client = await sessionsClientFor(input.account);
  const timeoutMs = input.timeoutMs ?? detectIntentTimeoutMs;
  // The REST transport ignores the call's timeout option: the call is cancelled by hand.
  const call = client.detectIntent(
    {
      session: client.projectAgentSessionPath(input.projectName, input.sessionId),
      queryInput: { text: { text: dialogflowQueryText(input.text), languageCode: input.language } },
    },
    { maxRetries: 0 },
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      (call as { cancel?: () => void }).cancel?.();
      reject(new ProviderUnavailable(`Dialogflow did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const [response] = await Promise.race([call, timeout]);
    return dialogflowAnswer(response.queryResult as DialogflowQueryResult | null | undefined);
  } catch (error) {
    throw error instanceof ProviderUnavailable ? error : classify(error);
  } finally {
    clearTimeout(timer);
  }
}

/** gRPC status codes (the client reports them on some paths) that are worth retrying. */
const retryableGrpcCodes = new Set([2, 4, 8, 10, 13, 14]);

function classify(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number') {
    const retryable =
      code >= 100 ? code === 408 || code === 429 || code >= 500 : retryableGrpcCodes.has(code);
    if (retryable) return new ProviderUnavailable(`Dialogflow answered ${code}`, retryAfterOf(error));
    return new DialogflowRejected(code);
  }
  // Network failures (ECONNREFUSED, ENOTFOUND, ...), aborts and timeouts carry no status.
  return new ProviderUnavailable(
    `Dialogflow unreachable (${typeof code === 'string' ? code : nameOf(error)})`,
  );
}

function retryAfterOf(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: { get?: (name: string) => string | null } } }).response
    ?.headers;
  const value = Number(headers?.get?.('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : 'error';
}
