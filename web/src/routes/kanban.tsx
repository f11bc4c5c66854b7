import { KanbanPage } from '../features/kanban/components/KanbanPage.tsx';

export default function KanbanRoute() {
  return <KanbanPage />;
}
