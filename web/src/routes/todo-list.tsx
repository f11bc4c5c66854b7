import { ScreenPage } from '../components/ScreenPage.tsx';

export default function TodoListRoute() {
  return <ScreenPage titleKey="screens.todoList" />;
}
