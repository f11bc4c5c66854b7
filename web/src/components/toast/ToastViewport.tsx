import { useSyncExternalStore } from 'react';
import { Alert, Flex } from '@aws-amplify/ui-react';
import { t } from '../../i18n/index.ts';
import { toastStore } from '../../lib/toast.ts';

/** Shows the toasts of `lib/toast` in the bottom-left corner (app.css says why), newest last. */
export function ToastViewport() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  if (toasts.length === 0) return null;
  return (
    <Flex className="toast-viewport" direction="column" gap="small">
      {toasts.map((item) => (
        <Alert
          key={item.id}
          variation={item.kind}
          isDismissible
          dismissButtonLabel={t('toast.dismiss')}
          onDismiss={() => toastStore.dismiss(item.id)}
          boxShadow="large"
          data-toast={item.kind}
        >
          {item.message}
        </Alert>
      ))}
    </Flex>
  );
}
