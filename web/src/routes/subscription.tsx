import { SubscriptionPage } from '../features/subscription/components/SubscriptionPage.tsx';

export default function SubscriptionRoute() {
  return <SubscriptionPage />;
}
