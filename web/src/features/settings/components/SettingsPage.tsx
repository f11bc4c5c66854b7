import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Heading, Tabs } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { t } from '../../../i18n/index.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { companiesQueryKeys } from '../../companies/api/companies-query-keys.ts';
import { useSettings } from '../api/get-settings.ts';
import { settingsQueryKeys } from '../api/settings-query-keys.ts';
import { showsCompanyHours, upsertSettingRow } from '../settings-rows.ts';
import type { SettingRow } from '../api/get-settings.ts';
import { OptionsTab } from './OptionsTab.tsx';
import { PaymentSecretsCard } from './PaymentSecretsCard.tsx';
import { SchedulesTab } from './SchedulesTab.tsx';
import { SignupSettingCard } from './SignupSettingCard.tsx';

// The super-admin tabs are their own chunks: most admins never open them.
const CompaniesManager = lazy(() => import('../../companies/components/CompaniesManager.tsx'));
const PlansManager = lazy(() => import('../../plans/components/PlansManager.tsx'));
const HelpsManager = lazy(() => import('../../helps/components/HelpsManager.tsx'));

type TabValue = 'options' | 'schedules' | 'companies' | 'plans' | 'helps';

/**
 * extended §2.19: tabs Opciones (always), Horarios (when scheduleType is company) and, for super
 * users, Empresas, Planes and Ayuda. Company and settings reload on each tab change.
 */
export function SettingsPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [tab, setTab] = useState<TabValue>('options');
  const isSuper = user?.super === true;
  const hoursTab = showsCompanyHours(settings.data);
  const current: TabValue = tab === 'schedules' && !hoursTab ? 'options' : tab;

  useLiveEvent('setting', (data) => {
    const setting = (data as { action?: string; setting?: SettingRow } | null)?.setting;
    if (!setting || typeof setting.key !== 'string') return;
    queryClient.setQueryData<SettingRow[]>(settingsQueryKeys.list(), (rows) =>
      upsertSettingRow(rows ?? [], { key: setting.key, value: String(setting.value) }),
    );
  });

  function changeTab(value: string) {
    setTab(value as TabValue);
    void queryClient.invalidateQueries({ queryKey: settingsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all });
  }

  const fallback = <PageLoader />;
  const items = [
    {
      value: 'options',
      label: t('settings.tabs.options'),
      content: (
        <>
          <OptionsTab settings={settings.data} isLoading={settings.isLoading} />
          {isSuper && !settings.isLoading ? <PaymentSecretsCard settings={settings.data} /> : null}
          {isSuper && !settings.isLoading ? <SignupSettingCard settings={settings.data} /> : null}
        </>
      ),
    },
    ...(hoursTab && user
      ? [
          {
            value: 'schedules',
            label: t('settings.tabs.schedules'),
            content: <SchedulesTab companyId={user.companyId} />,
          },
        ]
      : []),
    ...(isSuper
      ? [
          {
            value: 'companies',
            label: t('settings.tabs.companies'),
            content: (
              <Suspense fallback={fallback}>
                <CompaniesManager />
              </Suspense>
            ),
          },
          {
            value: 'plans',
            label: t('settings.tabs.plans'),
            content: (
              <Suspense fallback={fallback}>
                <PlansManager />
              </Suspense>
            ),
          },
          {
            value: 'helps',
            label: t('settings.tabs.helps'),
            content: (
              <Suspense fallback={fallback}>
                <HelpsManager />
              </Suspense>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Heading level={3}>{t('settings.title')}</Heading>
      <Tabs value={current} onValueChange={changeTab} items={items} isLazy className="settings-tabs" />
    </Flex>
  );
}
