import type { ComponentProps } from 'react';
import { PasswordField as AmplifyPasswordField } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';

/**
 * Amplify's password field with its show/hide switch read out in Spanish: left alone it says
 * "Show password" and "Password is hidden" to screen readers.
 */
export function PasswordField(props: ComponentProps<typeof AmplifyPasswordField>) {
  return (
    <AmplifyPasswordField
      showPasswordButtonLabel={t('common.password.show')}
      passwordIsHiddenLabel={t('common.password.hidden')}
      passwordIsShownLabel={t('common.password.shown')}
      {...props}
    />
  );
}
