import { ScreenPage } from '../components/ScreenPage.tsx';

export default function ContactListsRoute() {
  return <ScreenPage titleKey="screens.contactLists" />;
}
