import { api } from '../../../lib/api-client.ts';

/**
 * Reads a ticket: the server's reading is the first page of its messages (GET /messages/{id},
 * page 1, no cursor), which sets unreadMessages to 0 and sends the customer read receipts; the
 * ticket's live update then brings the 0 to every socket of the user. The page itself is not
 * needed here: the open chat already holds those messages from the live channel.
 */
export function markTicketRead(ticketId: number, signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>(`/messages/${ticketId}`, { pageNumber: 1 }, signal);
}
