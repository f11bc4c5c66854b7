import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useThemeMode } from '../../../app/providers/theme/index.ts';
import { t } from '../../../i18n/index.ts';
import { useTicketsUsers } from '../api/get-tickets-users.ts';
import { chartPalette } from '../chart-theme.ts';
import type { ChartRange } from '../dashboard-filter.ts';
import { totalOf } from '../dashboard-format.ts';
import { useChartQuery } from '../use-applied.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { barOptions } from './chart-setup.ts';

interface TicketsUsersChartProps {
  initialRange: ChartRange;
}

/** core §2: conversation totals per user, as bars. */
export function TicketsUsersChart({ initialRange }: TicketsUsersChartProps) {
  const { mode } = useThemeMode();
  const { range, setRange, query } = useChartQuery(initialRange, useTicketsUsers);

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

  return (
    <ChartPanel
      name="ticketsUsers"
      title={t('dashboard.charts.ticketsUsers')}
      initialRange={initialRange}
      range={range}
      onRangeChange={setRange}
      query={query}
      chart={chart}
    >
      {(common) => <Bar {...common} data={chart.data} options={chart.options} />}
    </ChartPanel>
  );
}
