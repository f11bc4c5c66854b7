import { ContactListItemsPage } from '../features/contact-lists/components/ContactListItemsPage.tsx';

export default function ContactListItemsRoute() {
  return <ContactListItemsPage />;
}
