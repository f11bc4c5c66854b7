/** The probe's HTTP calls: any body (JSON or multipart), the answer kept as raw text. */
import { clientAddressHeader } from '../support/api-client.ts';

export interface ProbeCall {
  method: string;
  /** Path under /api, with its query. */
  path: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  /** The client's address, sent in the header the test runtime reads it from (per-address limits). */
  address?: string;
}

export interface ProbeAnswer {
  status: number;
  /** Body and header values as one lower-case text, to look for bytes that must not be there. */
  text: string;
}

export async function probeCall(baseUrl: string, call: ProbeCall): Promise<ProbeAnswer> {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.address) headers[clientAddressHeader] = call.address;
  let body: string | FormData | undefined;
  if (call.form) body = call.form;
  else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const answer = await fetch(`${baseUrl}/api${call.path}`, { method: call.method, headers, body });
  const text = [await answer.text(), ...[...answer.headers].map(([name, value]) => `${name}: ${value}`)].join(
    '\n',
  );
  return { status: answer.status, text: text.toLowerCase() };
}

/** Runs `work` over `items`, at most `limit` at a time (the machine is small and shared). */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
