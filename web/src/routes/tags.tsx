import { ScreenPage } from '../components/ScreenPage.tsx';

export default function TagsRoute() {
  return <ScreenPage titleKey="screens.tags" />;
}
