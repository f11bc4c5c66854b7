import { ScreenPage } from '../components/ScreenPage.tsx';

export default function UsersRoute() {
  return <ScreenPage titleKey="screens.users" />;
}
