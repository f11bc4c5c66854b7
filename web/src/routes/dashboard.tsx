import { DashboardPage } from '../features/dashboard/components/DashboardPage.tsx';

export default function DashboardRoute() {
  return <DashboardPage />;
}
