import { ScreenPage } from '../components/ScreenPage.tsx';

export default function DashboardRoute() {
  return <ScreenPage titleKey="screens.dashboard" />;
}
