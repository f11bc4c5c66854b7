import { WebhooksPage } from '../features/webhooks/components/WebhooksPage.tsx';

export default function WebhooksRoute() {
  return <WebhooksPage />;
}
