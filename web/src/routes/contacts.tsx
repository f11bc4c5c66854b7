import { ContactsPage } from '../features/contacts/components/ContactsPage.tsx';

export default function ContactsRoute() {
  return <ContactsPage />;
}
