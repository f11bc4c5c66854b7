import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { t } from '../../i18n/index.ts';

/**
 * Shown when a screen fails to load or render. The usual cause is a deploy that replaced the
 * screen's chunk while this tab kept the old index, so the way out is a reload.
 */
export function RouteError() {
  return (
    <Flex
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="medium"
      minHeight="60vh"
      padding="large"
    >
      <Heading level={4}>{t('routeError.title')}</Heading>
      <Text color="font.secondary" textAlign="center">
        {t('routeError.hint')}
      </Text>
      <Button variation="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  );
}
