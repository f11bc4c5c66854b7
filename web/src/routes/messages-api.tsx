import { MessagesApiPage } from '../features/messages-api/components/MessagesApiPage.tsx';

export default function MessagesApiRoute() {
  return <MessagesApiPage />;
}
