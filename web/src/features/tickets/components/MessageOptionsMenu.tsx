import { useState } from 'react';
import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ChevronDownIcon } from '../../../components/icons/icons.tsx';
import { TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import type { Message } from '../api/types.ts';

/**
 * The menu of a message the business sent (core §2 chat view): "Borrar" deletes it for everyone
 * after a confirmation. WhatsApp refusing shows ERR_DELETE_WAPP_MSG's text and the message stays.
 */
export function MessageOptionsMenu({ message }: { message: Message }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMessage(message.ticketId);
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
    </>
  );
}
