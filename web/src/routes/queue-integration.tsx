import { ScreenPage } from '../components/ScreenPage.tsx';

export default function QueueIntegrationRoute() {
  return <ScreenPage titleKey="screens.queueIntegration" />;
}
