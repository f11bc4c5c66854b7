import { ScreenPage } from '../components/ScreenPage.tsx';

export default function QuickMessagesRoute() {
  return <ScreenPage titleKey="screens.quickMessages" />;
}
