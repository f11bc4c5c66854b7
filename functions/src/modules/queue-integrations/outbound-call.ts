import { OutboundError, safeFetch, type SafeResponse } from '../../http-out/safe-fetch.ts';
import { ProviderUnavailable } from '../bot-turn/provider.ts';

/** A non-retryable failure of an integration's service (a 4xx, a refused URL): the hook hands over at once. */
export class IntegrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntegrationRefused';
  }
}

/**
 * POSTs JSON to a URL a company typed, through the outbound URL guard (http-out/safe-fetch.ts:
 * checked on every call, pinned addresses, no redirects). Timeouts, network failures, 429 and
 * 5xx throw ProviderUnavailable (the bot-turn hook retries with backoff); other non-2xx answers
 * and refused URLs throw IntegrationRefused. Messages never carry the URL (it may hold a token).
 */
export async function postJson(
  what: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<SafeResponse> {
  let response: SafeResponse;
  try {
    response = await safeFetch(url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'Atende-Integrations/1',
        ...headers,
      },
      timeoutMs,
    });
  } catch (error) {
    if (error instanceof OutboundError) {
      if (error.refused) throw new IntegrationRefused(`${what}: the URL is refused (${error.reason})`);
      throw new ProviderUnavailable(`${what}: ${error.reason}`);
    }
    throw error;
  }
  if (response.status === 429 || response.status >= 500) {
    const retryAfter = Number(response.headers['retry-after']);
    throw new ProviderUnavailable(
      `${what} answered ${response.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return response;
}
