import { ScreenPage } from '../components/ScreenPage.tsx';

export default function ChatsRoute() {
  return <ScreenPage titleKey="screens.chats" />;
}
