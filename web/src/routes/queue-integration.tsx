import { QueueIntegrationsPage } from '../features/queue-integrations/components/QueueIntegrationsPage.tsx';

export default function QueueIntegrationRoute() {
  return <QueueIntegrationsPage />;
}
