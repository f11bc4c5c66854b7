import { ScreenPage } from '../components/ScreenPage.tsx';

export default function ContactsRoute() {
  return <ScreenPage titleKey="screens.contacts" />;
}
