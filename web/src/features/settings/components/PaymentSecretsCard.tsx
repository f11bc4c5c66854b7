import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Heading, PasswordField, SelectField, Text } from '@aws-amplify/ui-react';
import { paymentProviders, type PaymentProviderName } from '@atende/shared/entities/setting';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import type { SettingRow } from '../api/get-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';

/** The platform's payment secrets (docs/decisions.md, "Invoices and payment"). */
const secretKeys = ['asaas', 'asaasWebhookToken'] as const;
type SecretKey = (typeof secretKeys)[number];

/**
 * The provider checkout uses now: the one chosen, else (as the server decides) Asaas when its
 * token is stored, else the sandbox.
 */
function currentProvider(settings: SettingRow[] | undefined): PaymentProviderName {
  const chosen = settings?.find((row) => row.key === 'paymentProvider')?.value;
  if (chosen === 'asaas' || chosen === 'sandbox') return chosen;
  return settings?.find((row) => row.key === 'asaas')?.value ? 'asaas' : 'sandbox';
}

/**
 * Super users only: the payment provider checkout uses (saved on change), the Asaas API key and
 * the token Asaas sends with its webhooks. The server answers the secrets masked (`••••` and the
 * last 4), so a field starts empty and shows the stored value's mask as its hint; saving writes
 * only the fields typed in (an empty field keeps the stored secret), and "Quitar token" beside a
 * stored one removes it (docs/decisions.md, "Payment provider: chosen, not inferred").
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

  async function saveNow(key: 'paymentProvider' | SecretKey, value: string) {
    try {
      await updateSetting.mutateAsync({ key, value });
      toast.success(t('common.operationUpdated'));
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
      <SelectField
        name="paymentProvider"
        label={t('settings.payments.provider')}
        descriptiveText={t('settings.payments.providerHint')}
        value={currentProvider(settings)}
        isDisabled={updateSetting.isPending}
        marginBottom="medium"
        onChange={(event) => void saveNow('paymentProvider', event.target.value)}
      >
        {paymentProviders.map((provider) => (
          <option key={provider} value={provider}>
            {t(`settings.payments.provider.${provider}`)}
          </option>
        ))}
      </SelectField>
      <form onSubmit={(event) => void save(event)}>
        <Flex direction="column" gap="small">
          {secretKeys.map((key) => {
            const stored = settings?.find((row) => row.key === key)?.value;
            return (
              <Flex key={key} direction="column" gap="xxs" data-testid={`secret-${key}`}>
                <PasswordField
                  name={key}
                  autoComplete="off"
                  label={t(`settings.secrets.${key}` as MessageKey)}
                  descriptiveText={
                    stored ? t('settings.secrets.stored', { masked: stored }) : t('settings.secrets.none')
                  }
                  value={values[key]}
                  onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
                />
                {stored ? (
                  <Button
                    type="button"
                    size="small"
                    variation="link"
                    colorTheme="error"
                    alignSelf="flex-start"
                    isDisabled={updateSetting.isPending}
                    onClick={() => void saveNow(key, '')}
                  >
                    {t('settings.secrets.remove')}
                  </Button>
                ) : null}
              </Flex>
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
