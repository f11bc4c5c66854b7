import { ScreenPage } from '../components/ScreenPage.tsx';

export default function MessagesApiRoute() {
  return <ScreenPage titleKey="screens.messagesApi" />;
}
