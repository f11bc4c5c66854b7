import { Button, Text } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';
import { Modal } from './Modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  /** Defaults to the product's delete question (extended §8). */
  message?: string;
  confirmLabel?: string;
  isLoading?: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({
  open,
  title = t('common.confirmTitle'),
  message = t('common.confirmDelete'),
  confirmLabel = t('common.delete'),
  isLoading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variation="destructive" onClick={onConfirm} isLoading={isLoading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </Modal>
  );
}
