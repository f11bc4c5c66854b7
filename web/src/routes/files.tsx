import { ScreenPage } from '../components/ScreenPage.tsx';

export default function FilesRoute() {
  return <ScreenPage titleKey="screens.files" />;
}
