import { SchedulesPage } from '../features/schedules/components/SchedulesPage.tsx';

export default function SchedulesRoute() {
  return <SchedulesPage />;
}
