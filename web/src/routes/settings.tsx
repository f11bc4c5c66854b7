import { SettingsPage } from '../features/settings/components/SettingsPage.tsx';

export default function SettingsRoute() {
  return <SettingsPage />;
}
