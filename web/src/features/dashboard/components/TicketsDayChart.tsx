import { useMemo } from 'react';
import { Text } from '@aws-amplify/ui-react';
import { Line } from 'react-chartjs-2';
import { useThemeMode } from '../../../app/providers/theme/index.ts';
import { t } from '../../../i18n/index.ts';
import { useTicketsDay } from '../api/get-tickets-day.ts';
import { chartPalette } from '../chart-theme.ts';
import { sameParams, type ChartRange } from '../dashboard-filter.ts';
import { formatCount, isHourly, ticketsDayLabel, totalOf } from '../dashboard-format.ts';
import { useAutoApplied, useLoadErrorToastOf } from '../use-applied.ts';
import { ChartFallback } from './ChartFallback.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { lineOptions } from './chart-setup.ts';

interface TicketsDayChartProps {
  initialRange: ChartRange;
}

/** core §2: ticket totals per day, or per hour slot when the range is a single day. */
export function TicketsDayChart({ initialRange }: TicketsDayChartProps) {
  const { mode } = useThemeMode();
  const [range, setRange] = useAutoApplied(initialRange);
  const query = useTicketsDay(range);
  useLoadErrorToastOf(query);

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
  const title = chart.hourly ? t('dashboard.charts.ticketsHour') : t('dashboard.charts.ticketsDay');

  return (
    <ChartPanel
      name="ticketsDay"
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
      <Line
        role="img"
        aria-label={t('dashboard.charts.summary', { title, total: formatCount(chart.total) })}
        data-total={chart.total}
        data-points={chart.values.length}
        data-hourly={chart.hourly}
        data={chart.data}
        options={chart.options}
        fallbackContent={<ChartFallback labels={chart.labels} values={chart.values} />}
      />
    </ChartPanel>
  );
}
