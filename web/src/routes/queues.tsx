import { ScreenPage } from '../components/ScreenPage.tsx';

export default function QueuesRoute() {
  return <ScreenPage titleKey="screens.queues" />;
}
