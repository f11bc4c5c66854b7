import { Flex, Loader, VisuallyHidden } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';

/** Shown while a lazily loaded screen or the session is on its way. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex
      justifyContent="center"
      alignItems="center"
      minHeight={fullScreen ? '100vh' : '12rem'}
      role="status"
    >
      <Loader size="large" />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Flex>
  );
}
