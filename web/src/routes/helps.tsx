import { HelpsPage } from '../features/helps/components/HelpsPage.tsx';

export default function HelpsRoute() {
  return <HelpsPage />;
}
