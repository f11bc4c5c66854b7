import { useMemo } from 'react';
import { Text } from '@aws-amplify/ui-react';
import { Bar } from 'react-chartjs-2';
import { useThemeMode } from '../../../app/providers/theme/index.ts';
import { t } from '../../../i18n/index.ts';
import { useTicketsUsers } from '../api/get-tickets-users.ts';
import { chartPalette } from '../chart-theme.ts';
import { sameParams, type ChartRange } from '../dashboard-filter.ts';
import { formatCount, totalOf } from '../dashboard-format.ts';
import { useAutoApplied, useLoadErrorToastOf } from '../use-applied.ts';
import { ChartFallback } from './ChartFallback.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { barOptions } from './chart-setup.ts';

interface TicketsUsersChartProps {
  initialRange: ChartRange;
}

/** core §2: conversation totals per user, as bars. */
export function TicketsUsersChart({ initialRange }: TicketsUsersChartProps) {
  const { mode } = useThemeMode();
  const [range, setRange] = useAutoApplied(initialRange);
  const query = useTicketsUsers(range);
  useLoadErrorToastOf(query);

  const chart = useMemo(() => {
    const rows = query.data?.data ?? [];
    const labels = rows.map((row) => row.nome);
    const values = rows.map((row) => row.quantidade);
    const palette = chartPalette(mode);
    return {
      labels,
      values,
      total: totalOf(values),
      options: barOptions(mode),
      data: {
        labels,
        datasets: [
          {
            label: t('dashboard.charts.conversations'),
            data: values,
            backgroundColor: palette.seriesFill,
            borderColor: palette.series,
            borderWidth: 1,
            borderRadius: 4,
            maxBarThickness: 48,
          },
        ],
      },
    };
  }, [query.data, mode]);
  const title = t('dashboard.charts.ticketsUsers');

  return (
    <ChartPanel
      name="ticketsUsers"
      title={title}
      aside={
        query.data && (
          <Text as="span" color="font.secondary" fontSize="small">
            {t('dashboard.charts.total', { count: formatCount(chart.total) })}
          </Text>
        )
      }
      initialRange={initialRange}
      isLoading={range === undefined || (query.isFetching && !query.data)}
      isEmpty={chart.values.length === 0}
      onFilter={(next) => {
        // The same range again reloads it.
        if (sameParams(range, next)) void query.refetch();
        else setRange(next);
      }}
    >
      <Bar
        role="img"
        aria-label={t('dashboard.charts.summary', { title, total: formatCount(chart.total) })}
        data-total={chart.total}
        data-points={chart.values.length}
        data={chart.data}
        options={chart.options}
        fallbackContent={<ChartFallback labels={chart.labels} values={chart.values} />}
      />
    </ChartPanel>
  );
}
