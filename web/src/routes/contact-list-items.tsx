import { ScreenPage } from '../components/ScreenPage.tsx';

export default function ContactListItemsRoute() {
  return <ScreenPage titleKey="screens.contactListItems" />;
}
