import { ScreenPage } from '../components/ScreenPage.tsx';

export default function TicketsRoute() {
  return <ScreenPage titleKey="screens.tickets" />;
}
