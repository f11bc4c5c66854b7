import { useState, type FormEvent } from 'react';
import { Button, CheckboxField, Flex, Loader, TextField } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { FieldGroup } from '../../../components/FormDialog.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useUsersList } from '../../tickets/api/get-users-list.ts';
import { useSaveChat } from '../api/chat-mutations.ts';
import type { Chat } from '../api/types.ts';
import { chatDialogAlert } from '../chat-rules.ts';

interface ChatDialogProps {
  /** The chat to edit; none creates one. */
  chat?: Chat;
  viewerId: number;
  onClose(): void;
  onSaved?(chat: Chat): void;
}

/**
 * extended §2.8 and §5: the chat dialog, a title and a user picker with Fechar and Guardar. A
 * missing title or no user chosen is told with the spec's alerts; a failed save is silent (§8).
 */
export function ChatDialog({ chat, viewerId, onClose, onSaved }: ChatDialogProps) {
  const users = useUsersList();
  const [title, setTitle] = useState(chat?.title ?? '');
  const [chosen, setChosen] = useState<Set<number>>(
    () => new Set((chat?.users ?? []).map((user) => user.userId).filter((id) => id !== viewerId)),
  );
  const save = useSaveChat();
  const others = (users.data ?? []).filter((user) => user.id !== viewerId);

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ids = [...chosen];
    const alert = chatDialogAlert(title, ids);
    if (alert) {
      toast.warning(alert);
      return;
    }
    const names = new Map(others.map((user) => [user.id, user.name]));
    try {
      const saved = await save.mutateAsync({
        id: chat?.id,
        payload: { title: title.trim(), users: ids.map((id) => ({ id, name: names.get(id) ?? '' })) },
      });
      onSaved?.(saved);
      onClose();
    } catch {
      // extended §8: chat dialog save failures are silent.
    }
  };

  return (
    <Modal
      open
      title={chat ? t('chats.dialog.editTitle') : t('chats.dialog.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('chats.dialog.close')}</Button>
          <Button type="submit" form="chat-dialog-form" variation="primary" isLoading={save.isPending}>
            {t('chats.dialog.save')}
          </Button>
        </>
      }
    >
      <form id="chat-dialog-form" noValidate onSubmit={(event) => void submit(event)}>
        <Flex direction="column" gap="medium">
          <TextField
            label={t('chats.dialog.title')}
            name="title"
            value={title}
            autoComplete="off"
            onChange={(event) => setTitle(event.target.value)}
          />
          <FieldGroup legend={t('chats.dialog.users')} className="chat-dialog__users">
            {users.isLoading ? (
              <Loader size="small" />
            ) : (
              others.map((user) => (
                <CheckboxField
                  key={user.id}
                  name={`user-${user.id}`}
                  label={user.name}
                  value={String(user.id)}
                  checked={chosen.has(user.id)}
                  onChange={(event) => toggle(user.id, event.target.checked)}
                />
              ))
            )}
          </FieldGroup>
        </Flex>
      </form>
    </Modal>
  );
}
