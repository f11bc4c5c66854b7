import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../i18n/index.ts';

interface ScreenPageProps {
  titleKey: MessageKey;
  /** Screen content; without it the page says the section has no content yet. */
  children?: ReactNode;
}

/** A titled page inside the app layout: the frame every private screen starts from. */
export function ScreenPage({ titleKey, children }: ScreenPageProps) {
  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }}>
      <Heading level={3}>{t(titleKey)}</Heading>
      {children ?? (
        <Card variation="outlined" padding="large">
          <Text color="font.secondary">{t('screens.emptyHint')}</Text>
        </Card>
      )}
    </Flex>
  );
}
