import { TodoListPage } from '../features/todo-list/components/TodoListPage.tsx';

export default function TodoListRoute() {
  return <TodoListPage />;
}
