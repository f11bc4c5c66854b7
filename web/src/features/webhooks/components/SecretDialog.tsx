import { useState } from 'react';
import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';

/** A secret the server answered once (creation or rotation): shown here and never again. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      setTimeout(() => setCopied(false), 1000);
    } catch {
      // Without clipboard access the field can still be selected and copied by hand.
    }
  };
  return (
    <Modal
      open
      size="small"
      title={t('webhooks.secret.title')}
      onClose={onClose}
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('webhooks.secret.close')}
        </Button>
      }
    >
      <Flex direction="column" gap="small">
        <Text>{t('webhooks.secret.once')}</Text>
        <Flex alignItems="flex-end" gap="small">
          <TextField
            label={t('webhooks.secret.label')}
            value={secret}
            isReadOnly
            flex="1"
            data-testid="webhook-secret"
            onFocus={(event) => event.target.select()}
          />
          <Button onClick={() => void copy()}>
            {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
