import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Text, TextField } from '@aws-amplify/ui-react';
import { CloseIcon, PlusIcon } from '../../../components/icons/feature-icons.tsx';
import { DeleteButton, EditButton } from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { storageKeys } from '../../../lib/storage.ts';
import {
  addTask,
  deleteTask,
  editTask,
  readTasks,
  taskText,
  writeTasks,
  type LocalTask,
} from '../todo-storage.ts';
import '../todo-list.css';
import { ScreenPage } from '../../../components/ScreenPage.tsx';

/**
 * /todolist (core §2 menu, §3 Local task item): a task list kept only in this browser. Tasks are
 * added, edited (the text goes back into the field) and deleted; each shows when it was created
 * and last edited, DD/MM/YYYY HH:mm. Another tab's changes show up too.
 */
export function TodoListPage() {
  const [tasks, setTasks] = useState<LocalTask[]>(() => readTasks());
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.tasks) setTasks(readTasks());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const change = (next: LocalTask[]) => {
    writeTasks(next);
    setTasks(next);
  };

  const stopEditing = () => {
    setEditing(undefined);
    setText('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (taskText(text) === undefined) return;
    change(editing === undefined ? addTask(tasks, text) : editTask(tasks, editing, text));
    stopEditing();
    inputRef.current?.focus();
  };

  const startEditing = (index: number) => {
    setEditing(index);
    setText(tasks[index]?.text ?? '');
    inputRef.current?.focus();
  };

  const remove = (index: number) => {
    change(deleteTask(tasks, index));
    if (editing === index) stopEditing();
    else if (editing !== undefined && editing > index) setEditing(editing - 1);
  };

  return (
    <ScreenPage titleKey="screens.todoList" className="screen todo-list">
      <form className="todo-list__form" onSubmit={submit}>
        <TextField
          ref={inputRef}
          label={editing === undefined ? t('todo.newTask') : t('todo.editTask')}
          labelHidden
          placeholder={editing === undefined ? t('todo.newTask') : t('todo.editTask')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && editing !== undefined) stopEditing();
          }}
          className="todo-list__field"
          autoComplete="off"
        />
        <Button type="submit" variation="primary" gap="xs" isDisabled={taskText(text) === undefined}>
          {editing === undefined ? <PlusIcon size={18} /> : null}
          {editing === undefined ? t('todo.add') : t('todo.save')}
        </Button>
        {editing !== undefined && (
          <Button
            variation="link"
            className="icon-button"
            ariaLabel={t('todo.cancelEdit')}
            title={t('todo.cancelEdit')}
            onClick={stopEditing}
          >
            <CloseIcon size={18} />
          </Button>
        )}
      </form>
      <Text fontSize="small" color="font.tertiary">
        {t('todo.storageHint')}
      </Text>
      <Card variation="outlined" padding="0" className="list-card todo-list__card">
        {tasks.length === 0 ? (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {t('todo.empty')}
          </Text>
        ) : (
          <ul className="todo-list__items" data-testid="todo-items">
            {tasks.map((task, index) => (
              <li
                key={`${task.createdAt}-${index}`}
                className={`todo-list__item${editing === index ? ' todo-list__item--editing' : ''}`}
                data-testid="todo-item"
              >
                <div className="todo-list__text">
                  <span className="todo-list__task">{task.text}</span>
                  <span className="todo-list__dates">
                    <span>{t('todo.created', { date: formatDateTime(task.createdAt) })}</span>
                    {task.updatedAt !== task.createdAt && (
                      <span>{t('todo.updated', { date: formatDateTime(task.updatedAt) })}</span>
                    )}
                  </span>
                </div>
                <EditButton label={t('todo.edit', { text: task.text })} onClick={() => startEditing(index)} />
                <DeleteButton label={t('todo.delete', { text: task.text })} onClick={() => remove(index)} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </ScreenPage>
  );
}
