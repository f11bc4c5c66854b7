import { ScreenPage } from '../components/ScreenPage.tsx';

export default function SettingsRoute() {
  return <ScreenPage titleKey="screens.settings" />;
}
