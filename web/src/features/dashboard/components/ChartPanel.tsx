import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, Flex, Heading, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { chartRangeOf, sameParams, type ChartRange } from '../dashboard-filter.ts';
import { formatCount } from '../dashboard-format.ts';
import { ChartFallback } from './ChartFallback.tsx';

/** What every chart element gets: its accessible summary, its figures as data, the fallback list. */
export interface ChartCommonProps {
  role: 'img';
  'aria-label': string;
  'data-total': number;
  'data-points': number;
  fallbackContent: ReactNode;
}

interface ChartPanelProps {
  /** Names the panel's fields and test id. */
  name: string;
  title: string;
  /** The range the fields open with. */
  initialRange: ChartRange;
  /** The range applied; none until the default period loads. */
  range: ChartRange | undefined;
  /** Applies another valid range from the date fields (the same one again reloads it). */
  onRangeChange(range: ChartRange): void;
  query: { data: unknown; isFetching: boolean; refetch(): Promise<unknown> };
  /** The chart's figures: their total beside the title, the list readers get instead of the drawing. */
  chart: { labels: readonly string[]; values: readonly number[]; total: number };
  /** The chart element, given the props every chart shares. */
  children(common: ChartCommonProps): ReactNode;
}

/** core §2: a chart with its total, its own start and end date pickers and a Filtrar button. */
export function ChartPanel({
  name,
  title,
  initialRange,
  range,
  onRangeChange,
  query,
  chart,
  children,
}: ChartPanelProps) {
  const [initialDate, setInitialDate] = useState(initialRange.initialDate);
  const [finalDate, setFinalDate] = useState(initialRange.finalDate);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = chartRangeOf(initialDate, finalDate);
    if (!next) {
      toast.error(t('dashboard.filterRequired'));
      return;
    }
    // The same range again reloads it.
    if (sameParams(range, next)) void query.refetch();
    else onRangeChange(next);
  }

  const isLoading = range === undefined || (query.isFetching && !query.data);
  const total = formatCount(chart.total);

  return (
    <Card variation="outlined" className="panel dashboard-chart" data-testid={`dashboard-chart-${name}`}>
      <Flex direction="column" gap="small">
        <Flex alignItems="baseline" justifyContent="space-between" gap="small" wrap="wrap">
          <Heading level={5}>{title}</Heading>
          {query.data ? (
            <Text as="span" color="font.secondary" fontSize="small">
              {t('dashboard.charts.total', { count: total })}
            </Text>
          ) : null}
        </Flex>
        <Flex
          as="form"
          className="dashboard-chart__filter"
          gap="small"
          alignItems="flex-end"
          wrap="wrap"
          onSubmit={submit}
          noValidate
        >
          <TextField
            label={t('dashboard.dateFrom')}
            name={`${name}-initialDate`}
            type="date"
            size="small"
            value={initialDate}
            max={finalDate || undefined}
            onChange={(event) => setInitialDate(event.target.value)}
          />
          <TextField
            label={t('dashboard.dateTo')}
            name={`${name}-finalDate`}
            type="date"
            size="small"
            value={finalDate}
            min={initialDate || undefined}
            onChange={(event) => setFinalDate(event.target.value)}
          />
          <Button type="submit" size="small" variation="primary" isLoading={isLoading}>
            {t('dashboard.filter')}
          </Button>
        </Flex>
        <div className="dashboard-chart__canvas">
          {isLoading ? (
            <Flex justifyContent="center" alignItems="center" height="100%">
              <Loader size="large" ariaLabel={t('app.loading')} />
            </Flex>
          ) : chart.values.length === 0 ? (
            <Flex justifyContent="center" alignItems="center" height="100%">
              <Text color="font.tertiary">{t('dashboard.charts.empty')}</Text>
            </Flex>
          ) : (
            children({
              role: 'img',
              'aria-label': t('dashboard.charts.summary', { title, total }),
              'data-total': chart.total,
              'data-points': chart.values.length,
              fallbackContent: <ChartFallback labels={chart.labels} values={chart.values} />,
            })
          )}
        </div>
      </Flex>
    </Card>
  );
}
