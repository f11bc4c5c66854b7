import { ContactListsPage } from '../features/contact-lists/components/ContactListsPage.tsx';

export default function ContactListsRoute() {
  return <ContactListsPage />;
}
