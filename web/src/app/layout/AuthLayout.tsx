import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import { BrandMark } from '../../components/icons/icons.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { t } from '../../i18n/index.ts';
import { ThemeToggleButton } from './ThemeToggleButton.tsx';

/** The frame of the public pages (login, sign-up, password reset): a centred card. */
export function AuthLayout() {
  return (
    <Flex
      className="auth-layout"
      direction="column"
      alignItems="center"
      justifyContent="center"
      padding="medium"
    >
      <div className="auth-layout__toolbar">
        <ThemeToggleButton />
      </div>
      <Flex direction="column" alignItems="center" gap="small" marginBottom="large">
        <BrandMark size={48} />
        <Heading level={2} fontWeight="semibold" className="auth-layout__brand">
          {t('app.name')}
        </Heading>
      </Flex>
      <Card className="auth-layout__card" variation="elevated" padding={{ base: 'large', medium: 'xl' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Card>
    </Flex>
  );
}
