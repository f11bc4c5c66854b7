import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Heading, PasswordField, Text } from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import type { SettingRow } from '../api/get-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';

/** The platform's payment secrets (docs/decisions.md, "Invoices and payment"). */
const secretKeys = ['asaas', 'asaasWebhookToken'] as const;
type SecretKey = (typeof secretKeys)[number];

/**
 * Super users only: the Asaas API key and the token Asaas sends with its webhooks. The server
 * answers them masked (`••••` and the last 4), so a field starts empty and shows the stored
 * value's mask as its hint; saving writes only the fields typed in.
 */
export function PaymentSecretsCard({ settings }: { settings: SettingRow[] | undefined }) {
  const updateSetting = useUpdateSetting();
  const [values, setValues] = useState<Record<SecretKey, string>>({ asaas: '', asaasWebhookToken: '' });

  async function save(event: FormEvent) {
    event.preventDefault();
    const typed = secretKeys.filter((key) => values[key].trim() !== '');
    try {
      for (const key of typed) await updateSetting.mutateAsync({ key, value: values[key].trim() });
      setValues({ asaas: '', asaasWebhookToken: '' });
      if (typed.length > 0) toast.success(t('common.operationUpdated'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Card variation="outlined" className="panel" marginTop="medium" data-testid="payment-secrets">
      <Heading level={6}>{t('settings.secrets.title')}</Heading>
      <Text color="font.secondary" fontSize="small" marginBottom="medium">
        {t('settings.secrets.hint')}
      </Text>
      <form onSubmit={(event) => void save(event)}>
        <Flex direction="column" gap="small">
          {secretKeys.map((key) => {
            const stored = settings?.find((row) => row.key === key)?.value;
            return (
              <PasswordField
                key={key}
                name={key}
                autoComplete="off"
                label={t(`settings.secrets.${key}` as MessageKey)}
                descriptiveText={
                  stored ? t('settings.secrets.stored', { masked: stored }) : t('settings.secrets.none')
                }
                value={values[key]}
                onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
              />
            );
          })}
          <Button
            type="submit"
            variation="primary"
            alignSelf="flex-start"
            isLoading={updateSetting.isPending}
          >
            {t('common.save')}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
