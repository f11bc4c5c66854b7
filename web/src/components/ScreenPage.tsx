import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../i18n/index.ts';

interface ScreenPageProps {
  /** The title, as a catalogue key or as a text already made. */
  titleKey?: MessageKey;
  title?: ReactNode;
  className?: string;
  testId?: string;
  /** Screen content; without it the page says the section has no content yet. */
  children?: ReactNode;
}

/** A titled page inside the app layout: the frame every private screen starts from. */
export function ScreenPage({ titleKey, title, className, testId, children }: ScreenPageProps) {
  return (
    <Flex
      direction="column"
      gap="medium"
      padding={{ base: 'medium', large: 'large' }}
      className={className}
      data-testid={testId}
    >
      <Heading level={3}>{titleKey ? t(titleKey) : title}</Heading>
      {children ?? (
        <Card variation="outlined" padding="large">
          <Text color="font.secondary">{t('screens.emptyHint')}</Text>
        </Card>
      )}
    </Flex>
  );
}
