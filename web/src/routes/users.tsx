import { UsersPage } from '../features/users/components/UsersPage.tsx';

export default function UsersRoute() {
  return <UsersPage />;
}
