import { QuickMessagesPage } from '../features/quick-messages/components/QuickMessagesPage.tsx';

export default function QuickMessagesRoute() {
  return <QuickMessagesPage />;
}
