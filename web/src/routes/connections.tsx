import { ScreenPage } from '../components/ScreenPage.tsx';

export default function ConnectionsRoute() {
  return <ScreenPage titleKey="screens.connections" />;
}
