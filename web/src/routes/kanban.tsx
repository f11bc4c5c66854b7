import { ScreenPage } from '../components/ScreenPage.tsx';

export default function KanbanRoute() {
  return <ScreenPage titleKey="screens.kanban" />;
}
