import { useState, type FormEvent } from 'react';
import { Menu, MenuButton, MenuItem, Text, TextAreaField } from '@aws-amplify/ui-react';
import { editRefusal } from '@atende/shared/message-edit';
import { validationMessages } from '@atende/shared/validation-messages';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ChevronDownIcon } from '../../../components/icons/icons.tsx';
import { EditIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useEditMessage } from '../api/edit-message.ts';
import type { Message } from '../api/types.ts';

/**
 * The menu of a message the business sent (core §2 chat view): "Editar" changes the text of a
 * sent text for everyone within WhatsApp's 15 minutes (shared/src/message-edit.ts), in a small
 * dialog prefilled with it; "Borrar" deletes it for everyone after a confirmation. WhatsApp
 * refusing shows the error's text (ERR_EDIT_WAPP_MSG, ERR_DELETE_WAPP_MSG) and the message stays.
 */
export function MessageOptionsMenu({ message }: { message: Message }) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMessage(message.ticketId);
  // The 15 minutes are counted when the menu opens (a render must not read the clock).
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const editable = openedAt !== null && editRefusal(message, openedAt) === null;
  const confirm = async () => {
    try {
      await remove.mutateAsync(message);
    } catch (failure) {
      toastError(failure);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <Menu
        menuAlign="end"
        size="small"
        onOpenChange={(open) => setOpenedAt(open ? Date.now() : null)}
        trigger={
          <MenuButton
            variation="link"
            size="small"
            className="msg__options"
            ariaLabel={t('tickets.messages.options')}
          >
            <ChevronDownIcon size={16} />
          </MenuButton>
        }
      >
        {editable && (
          <MenuItem onClick={() => setEditing(true)} gap="small">
            <EditIcon size={16} />
            {t('tickets.messages.edit')}
          </MenuItem>
        )}
        <MenuItem onClick={() => setConfirming(true)} gap="small">
          <TrashIcon size={16} />
          {t('tickets.messages.delete')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t('tickets.messages.deleteTitle')}
        message={t('tickets.messages.deleteConfirm')}
        confirmLabel={t('tickets.messages.delete')}
        isLoading={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
      {editing && <EditMessageDialog message={message} onClose={() => setEditing(false)} />}
    </>
  );
}

/** The text of a sent message, prefilled; Guardar edits it on WhatsApp first. */
function EditMessageDialog({ message, onClose }: { message: Message; onClose(): void }) {
  const [body, setBody] = useState(message.body);
  const [empty, setEmpty] = useState(false);
  const edit = useEditMessage(message.ticketId);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setEmpty(true);
      return;
    }
    if (text === message.body) {
      onClose();
      return;
    }
    try {
      await edit.mutateAsync({ message, body: text });
      onClose();
    } catch (failure) {
      toastError(failure);
    }
  };
  return (
    <FormDialog
      title={t('tickets.messages.editTitle')}
      size="small"
      onClose={onClose}
      isSaving={edit.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        label={t('tickets.messages.editLabel')}
        name="body"
        rows={4}
        value={body}
        autoFocus
        hasError={empty}
        errorMessage={validationMessages.required}
        onChange={(event) => {
          setBody(event.target.value);
          setEmpty(false);
        }}
      />
      <Text fontSize="small">
        {t('tickets.messages.editHint')}
      </Text>
    </FormDialog>
  );
}
