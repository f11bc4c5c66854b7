import { ScreenPage } from '../components/ScreenPage.tsx';

export default function SubscriptionRoute() {
  return <ScreenPage titleKey="screens.subscription" />;
}
