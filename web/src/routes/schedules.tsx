import { ScreenPage } from '../components/ScreenPage.tsx';

export default function SchedulesRoute() {
  return <ScreenPage titleKey="screens.schedules" />;
}
