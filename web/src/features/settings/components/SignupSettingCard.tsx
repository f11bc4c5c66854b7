import { Card, Heading, SelectField } from '@aws-amplify/ui-react';
import { enabledDisabled } from '@atende/shared/constants';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import type { SettingRow } from '../api/get-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';

/**
 * Super users only: whether the public sign-up (/signup) creates companies and their users
 * (the platform's `userCreation` setting; core §8 ERR_USER_CREATION_DISABLED). Saved on change.
 */
export function SignupSettingCard({ settings }: { settings: SettingRow[] | undefined }) {
  const updateSetting = useUpdateSetting();
  const value =
    settings?.find((row) => row.key === 'userCreation')?.value === 'disabled' ? 'disabled' : 'enabled';

  async function save(next: string) {
    try {
      await updateSetting.mutateAsync({ key: 'userCreation', value: next });
      toast.success(t('common.operationUpdated'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Card variation="outlined" className="panel" marginTop="medium" data-testid="signup-setting">
      <Heading level={6}>{t('settings.signup.title')}</Heading>
      <SelectField
        name="userCreation"
        label={t('settings.signup.userCreation')}
        descriptiveText={t('settings.signup.userCreationHint')}
        value={value}
        isDisabled={updateSetting.isPending}
        onChange={(event) => void save(event.target.value)}
      >
        {enabledDisabled.map((option) => (
          <option key={option} value={option}>
            {t(option === 'enabled' ? 'common.enabled' : 'common.disabled')}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}
