import { AnnouncementsScreen } from '../features/announcements/components/AnnouncementsScreen.tsx';

export default function AnnouncementsRoute() {
  return <AnnouncementsScreen />;
}
