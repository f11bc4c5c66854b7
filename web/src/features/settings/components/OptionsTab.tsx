import { Card, Grid, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { chatBotTypes, enabledDisabled, scheduleTypes } from '@atende/shared/constants';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import type { SettingRow } from '../api/get-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';
import { settingOf, type OptionSettingKey } from '../settings-rows.ts';
import { useCompanyTimeZone } from '../use-company-time-zone.ts';
import { TimeZonePicker } from './TimeZonePicker.tsx';

interface OptionField {
  key: OptionSettingKey;
  options: readonly { value: string; labelKey: MessageKey }[];
}

const onOff = enabledDisabled.map((value) => ({
  value,
  labelKey: (value === 'enabled' ? 'common.enabled' : 'common.disabled') as MessageKey,
}));

/** extended §3 Setting: the keys of the Opciones tab and the values each may take. */
const optionFields: readonly OptionField[] = [
  { key: 'userRating', options: onOff },
  {
    key: 'scheduleType',
    options: scheduleTypes.map((value) => ({ value, labelKey: `settings.options.scheduleType.${value}` as MessageKey })),
  },
  { key: 'call', options: onOff },
  { key: 'CheckMsgIsGroup', options: onOff },
  { key: 'sendGreetingAccepted', options: onOff },
  { key: 'sendMsgTransfTicket', options: onOff },
  { key: 'sendGreetingMessageOneQueues', options: onOff },
  // Text, list or buttons (docs/chatbot.md, "Menus as lists and buttons").
  {
    key: 'chatBotType',
    options: chatBotTypes.map((value) => ({ value, labelKey: `settings.options.chatBotType.${value}` as MessageKey })),
  },
];

function optionsWithCurrent(field: OptionField, current: string) {
  if (field.options.some((option) => option.value === current)) return field.options;
  const known = (chatBotTypes as readonly string[]).includes(current)
    ? (`settings.options.chatBotType.${current}` as MessageKey)
    : undefined;
  return [...field.options, { value: current, labelKey: known ?? ('common.none' as MessageKey) }];
}

/** The Opciones tab: each select saves its setting at once (PUT /settings/{key}). */
export function OptionsTab({ settings, isLoading }: { settings: SettingRow[] | undefined; isLoading: boolean }) {
  const updateSetting = useUpdateSetting();
  const timeZone = useCompanyTimeZone();

  async function save(key: string, value: string) {
    try {
      await updateSetting.mutateAsync({ key, value });
      toast.success(t('common.operationUpdated'));
    } catch (error) {
      toastError(error);
    }
  }

  async function saveTimeZone(value: string) {
    try {
      await updateSetting.mutateAsync({ key: 'timezone', value });
      toast.success(t('companyTime.saved', { timeZone: value }));
    } catch (error) {
      toastError(error);
    }
  }

  if (isLoading) return <Loader size="large" />;
  return (
    <Card variation="outlined" className="panel">
      <Text color="font.secondary" fontSize="small" marginBottom="medium">
        {t('settings.options.hint')}
      </Text>
      {/* Fields keep their height (a longer label wraps above its select, not inside a stretched
          one that drops the chevron) and line their selects up at the row's bottom. */}
      <Grid
        templateColumns={{ base: '1fr', medium: '1fr 1fr', xl: '1fr 1fr 1fr' }}
        gap="medium"
        alignItems="end"
      >
        {optionFields.map((field) => {
          const current = settingOf(settings, field.key);
          return (
            <SelectField
              key={field.key}
              name={field.key}
              label={t(`settings.options.${field.key}` as MessageKey)}
              value={current}
              isDisabled={updateSetting.isPending && updateSetting.variables?.key === field.key}
              onChange={(event) => void save(field.key, event.target.value)}
            >
              {optionsWithCurrent(field, current).map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.labelKey)}
                </option>
              ))}
            </SelectField>
          );
        })}
        <TimeZonePicker
          key={timeZone}
          current={timeZone}
          isSaving={updateSetting.isPending && updateSetting.variables?.key === 'timezone'}
          onSave={(value) => void saveTimeZone(value)}
        />
      </Grid>
    </Card>
  );
}
