import { useEffect, useRef } from 'react';
import { markTicketRead } from './api/mark-ticket-read.ts';

/**
 * Keeps the open chat read (core §2, issue #13): whenever its ticket shows unread messages (the
 * live ticket update of a customer's message), the ticket is read on the server at once, which
 * brings unreadMessages 0 back to every tab of the user. One read at a time; messages that arrive
 * during it are read by one more call after it.
 */
export function useReadWhileOpen(ticketId: number | undefined, unreadMessages: number | undefined): void {
  const state = useRef({ running: false, again: false });
  const latest = useRef({ ticketId, unread: unreadMessages ?? 0 });
  useEffect(() => {
    latest.current = { ticketId, unread: unreadMessages ?? 0 };
  });

  useEffect(() => {
    if (ticketId === undefined || (unreadMessages ?? 0) === 0) return;
    const current = state.current;
    if (current.running) {
      current.again = true;
      return;
    }
    const read = async (id: number) => {
      current.running = true;
      try {
        do {
          current.again = false;
          // A failure leaves the count as it is: the next message tries again.
          await markTicketRead(id).catch(() => undefined);
        } while (current.again && latest.current.ticketId === id && latest.current.unread > 0);
      } finally {
        current.running = false;
      }
    };
    void read(ticketId);
  }, [ticketId, unreadMessages]);
}
