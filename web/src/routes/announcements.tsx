import { ScreenPage } from '../components/ScreenPage.tsx';

export default function AnnouncementsRoute() {
  return <ScreenPage titleKey="screens.announcements" />;
}
