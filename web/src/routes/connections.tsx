import { ConnectionsPage } from '../features/connections/components/ConnectionsPage.tsx';

export default function ConnectionsRoute() {
  return <ConnectionsPage />;
}
