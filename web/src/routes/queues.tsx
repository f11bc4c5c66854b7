import { QueuesPage } from '../features/queues/components/QueuesPage.tsx';

export default function QueuesRoute() {
  return <QueuesPage />;
}
