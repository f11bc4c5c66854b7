import { createHash } from 'node:crypto';
import type { SessionsClient } from '@google-cloud/dialogflow/build/src/v2/sessions_client.js';
import type { ServiceAccount } from './service-account.ts';

/**
 * The one place that creates Dialogflow clients (the official @google-cloud/dialogflow, API v2).
 *
 * - REST transport (`fallback: 'rest'`): plain HTTPS/JSON through the library's own fetch, no
 *   long-lived gRPC channel to keep alive between Lambda invocations; locally and in tests
 *   DIALOGFLOW_API_ENDPOINT (e.g. `http://127.0.0.1:4010`) points it at a stand-in.
 * - Lazy import of the sessions client only (not the package root, which loads every API
 *   version's generated code): functions that never answer a dialogflow turn do not pay for
 *   evaluating it at cold start.
 * - One client per service account, kept while the Lambda stays warm (its signed JWT is reused
 *   until it expires); a few at most, the oldest closed when a new one is needed.
 */

const maxClients = 8;
const clients = new Map<string, Promise<SessionsClient>>();

export interface DialogflowEndpoint {
  apiEndpoint: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Google's endpoint unless DIALOGFLOW_API_ENDPOINT names another (a URL with scheme, host and port). */
export function dialogflowEndpoint(
  value = process.env.DIALOGFLOW_API_ENDPOINT,
): DialogflowEndpoint | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { apiEndpoint: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

export async function sessionsClientFor(account: ServiceAccount): Promise<SessionsClient> {
  const endpoint = dialogflowEndpoint();
  const key = createHash('sha256')
    .update(`${account.client_email}\n${account.private_key}\n${JSON.stringify(endpoint ?? null)}`)
    .digest('hex');
  let client = clients.get(key);
  if (!client) {
    client = createClient(account, endpoint);
    // A failed creation is not cached: the next turn tries again.
    client.catch(() => clients.delete(key));
    clients.set(key, client);
    if (clients.size > maxClients) {
      const [oldestKey, oldest] = clients.entries().next().value!;
      clients.delete(oldestKey);
      void oldest.then((stale) => stale.close()).catch(() => undefined);
    }
  }
  return client;
}

async function createClient(
  account: ServiceAccount,
  endpoint: DialogflowEndpoint | undefined,
): Promise<SessionsClient> {
  const { SessionsClient } = await import('@google-cloud/dialogflow/build/src/v2/sessions_client.js');
  return new SessionsClient({
    credentials: account,
    fallback: 'rest',
    ...(endpoint ?? {}),
  } as ConstructorParameters<typeof SessionsClient>[0]);
}
