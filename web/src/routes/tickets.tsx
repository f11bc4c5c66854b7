import { TicketsPage } from '../features/tickets/components/TicketsPage.tsx';

export default function TicketsRoute() {
  return <TicketsPage />;
}
