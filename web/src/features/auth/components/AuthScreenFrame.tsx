import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../../../i18n/index.ts';

interface AuthScreenFrameProps {
  titleKey: MessageKey;
  /** The form; without it the frame says the section has no content yet. */
  children?: ReactNode;
}

/** A titled public screen inside the auth card, with the way back to the login page. */
export function AuthScreenFrame({ titleKey, children }: AuthScreenFrameProps) {
  return (
    <Flex direction="column" gap="medium">
      <Heading level={4}>{t(titleKey)}</Heading>
      {children ?? <Text color="font.secondary">{t('screens.emptyHint')}</Text>}
      <Link as={RouterLink} to="/login">
        {t('auth.backToLogin')}
      </Link>
    </Flex>
  );
}
