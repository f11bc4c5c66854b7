import { ScreenPage } from '../components/ScreenPage.tsx';

export default function HelpsRoute() {
  return <ScreenPage titleKey="screens.helps" />;
}
