import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useThemeMode } from '../../../app/providers/theme/index.ts';
import { t } from '../../../i18n/index.ts';
import { useTicketsDay } from '../api/get-tickets-day.ts';
import { chartPalette } from '../chart-theme.ts';
import type { ChartRange } from '../dashboard-filter.ts';
import { isHourly, ticketsDayLabel, totalOf } from '../dashboard-format.ts';
import { useChartQuery } from '../use-applied.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { lineOptions } from './chart-setup.ts';

interface TicketsDayChartProps {
  initialRange: ChartRange;
}

/** core §2: ticket totals per day, or per hour slot when the range is a single day. */
export function TicketsDayChart({ initialRange }: TicketsDayChartProps) {
  const { mode } = useThemeMode();
  const { range, setRange, query } = useChartQuery(initialRange, useTicketsDay);

  const chart = useMemo(() => {
    const rows = query.data?.data ?? [];
    const labels = rows.map(ticketsDayLabel);
    const values = rows.map((row) => row.total);
    const palette = chartPalette(mode);
    return {
      hourly: isHourly(rows),
      labels,
      values,
      total: query.data?.count ?? totalOf(values),
      options: lineOptions(mode),
      data: {
        labels,
        datasets: [
          {
            label: t('dashboard.charts.tickets'),
            data: values,
            borderColor: palette.series,
            backgroundColor: palette.seriesFill,
            pointBackgroundColor: palette.seriesFill,
            pointBorderColor: palette.series,
            pointRadius: 4,
            pointHoverRadius: 6,
            borderWidth: 2,
            tension: 0.3,
            // Counts never dip below zero between two points.
            cubicInterpolationMode: 'monotone' as const,
          },
        ],
      },
    };
  }, [query.data, mode]);

  return (
    <ChartPanel
      name="ticketsDay"
      title={chart.hourly ? t('dashboard.charts.ticketsHour') : t('dashboard.charts.ticketsDay')}
      initialRange={initialRange}
      range={range}
      onRangeChange={setRange}
      query={query}
      chart={chart}
    >
      {(common) => <Line {...common} data-hourly={chart.hourly} data={chart.data} options={chart.options} />}
    </ChartPanel>
  );
}
