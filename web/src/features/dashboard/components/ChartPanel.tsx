import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, Flex, Heading, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { chartRangeOf, type ChartRange } from '../dashboard-filter.ts';

interface ChartPanelProps {
  /** Names the panel's fields and test id. */
  name: string;
  title: string;
  /** A figure beside the title (the total). */
  aside?: ReactNode;
  /** The range the fields open with. */
  initialRange: ChartRange;
  isLoading: boolean;
  isEmpty: boolean;
  /** Applies a valid range from the date fields. */
  onFilter(range: ChartRange): void;
  children: ReactNode;
}

/** core §2: a chart with its own start and end date pickers and a Filtrar button. */
export function ChartPanel({
  name,
  title,
  aside,
  initialRange,
  isLoading,
  isEmpty,
  onFilter,
  children,
}: ChartPanelProps) {
  const [initialDate, setInitialDate] = useState(initialRange.initialDate);
  const [finalDate, setFinalDate] = useState(initialRange.finalDate);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const range = chartRangeOf(initialDate, finalDate);
    if (!range) {
      toast.error(t('dashboard.filterRequired'));
      return;
    }
    onFilter(range);
  }

  return (
    <Card variation="outlined" className="panel dashboard-chart" data-testid={`dashboard-chart-${name}`}>
      <Flex direction="column" gap="small">
        <Flex alignItems="baseline" justifyContent="space-between" gap="small" wrap="wrap">
          <Heading level={5}>{title}</Heading>
          {aside}
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
          ) : isEmpty ? (
            <Flex justifyContent="center" alignItems="center" height="100%">
              <Text color="font.tertiary">{t('dashboard.charts.empty')}</Text>
            </Flex>
          ) : (
            children
          )}
        </div>
      </Flex>
    </Card>
  );
}
