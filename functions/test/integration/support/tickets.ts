/** Reading the inbox in integration tests: which tickets a list answers, in a stable order. */
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

/** Ids in ascending order, to compare lists whatever order they came in. */
export const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

/** The ids of the tickets GET /tickets?<query> answers the client (which must succeed), ascending. */
export async function listedTicketIds(client: ApiClient, query: string): Promise<number[]> {
  const answer = await client.get<{ tickets: { id: number }[] }>(`/tickets?${query}`);
  expect(answer.status, query).toBe(200);
  return sorted(...answer.body.tickets.map((t) => t.id));
}
