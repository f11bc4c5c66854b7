import { useMemo } from 'react';
import { Card, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useExportAttendants } from '../api/export-attendants.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import {
  currentMonthRange,
  dashboardParamsOf,
  defaultFilter,
  sameParams,
  type DashboardParams,
} from '../dashboard-filter.ts';
import { describeParams } from '../dashboard-format.ts';
import { useAutoApplied, useLoadErrorToastOf } from '../use-applied.ts';
import '../dashboard.css';
import { AttendantsTable } from './AttendantsTable.tsx';
import { CounterCards } from './CounterCards.tsx';
import { DashboardFilterBar } from './DashboardFilterBar.tsx';
import { TicketsDayChart } from './TicketsDayChart.tsx';
import { TicketsUsersChart } from './TicketsUsersChart.tsx';
import { ScreenPage } from '../../../components/ScreenPage.tsx';

/** core §2 Dashboard: the route is open to every signed-in user, its figures only to admins (§6). */
export function DashboardPage() {
  const { user } = useAuth();
  return (
    <ScreenPage titleKey="screens.dashboard" className="screen dashboard">
      {isAdminProfile(user?.profile) ? (
        <AdminDashboard />
      ) : (
        <Card variation="outlined" className="panel" data-testid="dashboard-admin-only">
          <Text color="font.secondary">{t('dashboard.adminOnly')}</Text>
        </Card>
      )}
    </ScreenPage>
  );
}

function AdminDashboard() {
  // The default filter and chart ranges: the current month up to today, fixed at opening.
  const initial = useMemo(() => {
    const filter = defaultFilter();
    return { filter, params: dashboardParamsOf(filter) as DashboardParams, range: currentMonthRange() };
  }, []);
  const [params, setParams] = useAutoApplied(initial.params);
  const dashboard = useDashboard(params);
  useLoadErrorToastOf(dashboard);
  const exportAttendants = useExportAttendants();
  const attendants = dashboard.data?.attendants ?? [];

  function applyFilter(next: DashboardParams) {
    // Filtrar with the same filter reloads the figures.
    if (sameParams(params, next)) void dashboard.refetch();
    else setParams(next);
  }

  async function runExport() {
    if (!params) return;
    try {
      const file = await exportAttendants.mutateAsync(params);
      toast.success(t('dashboard.attendants.exported', { file }));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <>
      <DashboardFilterBar
        initial={initial.filter}
        isLoading={dashboard.isFetching}
        applied={params && describeParams(params)}
        onFilter={applyFilter}
      />
      <CounterCards
        counters={dashboard.data?.counters}
        isLoading={params === undefined || dashboard.isFetching}
      />
      {attendants.length > 0 && (
        <AttendantsTable
          attendants={attendants}
          isExporting={exportAttendants.isPending}
          onExport={() => void runExport()}
        />
      )}
      <div className="dashboard-charts">
        <TicketsUsersChart initialRange={initial.range} />
        <TicketsDayChart initialRange={initial.range} />
      </div>
    </>
  );
}
