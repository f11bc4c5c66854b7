import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  dashboardParamsOf,
  periodOptions,
  type DashboardFilter,
  type DashboardParams,
  type FilterType,
  type PeriodDays,
} from '../dashboard-filter.ts';

interface DashboardFilterBarProps {
  initial: DashboardFilter;
  isLoading: boolean;
  /** The filter the figures below are for, in words. */
  applied: string | undefined;
  onFilter(params: DashboardParams): void;
}

/** core §2: the filter type (by date or by period), its fields and Filtrar. */
export function DashboardFilterBar({ initial, isLoading, applied, onFilter }: DashboardFilterBarProps) {
  const [filter, setFilter] = useState<DashboardFilter>(initial);
  const set = <K extends keyof DashboardFilter>(key: K, value: DashboardFilter[K]) =>
    setFilter((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = dashboardParamsOf(filter);
    // core §5: neither a period nor valid dates.
    if (!params) {
      toast.error(t('dashboard.filterRequired'));
      return;
    }
    onFilter(params);
  }

  return (
    <Card variation="outlined" className="panel">
      <Flex
        as="form"
        className="dashboard-filter"
        gap="small"
        alignItems="flex-end"
        wrap="wrap"
        onSubmit={submit}
        noValidate
        data-testid="dashboard-filter"
      >
        <SelectField
          label={t('dashboard.filterType')}
          name="filterType"
          size="small"
          value={filter.type}
          onChange={(event) => set('type', event.target.value as FilterType)}
        >
          <option value="date">{t('dashboard.filterType.date')}</option>
          <option value="period">{t('dashboard.filterType.period')}</option>
        </SelectField>
        {filter.type === 'date' ? (
          <>
            <TextField
              label={t('dashboard.dateFrom')}
              name="dateFrom"
              type="date"
              size="small"
              value={filter.dateFrom}
              max={filter.dateTo || undefined}
              onChange={(event) => set('dateFrom', event.target.value)}
            />
            <TextField
              label={t('dashboard.dateTo')}
              name="dateTo"
              type="date"
              size="small"
              value={filter.dateTo}
              min={filter.dateFrom || undefined}
              onChange={(event) => set('dateTo', event.target.value)}
            />
          </>
        ) : (
          <SelectField
            label={t('dashboard.period')}
            name="period"
            size="small"
            value={String(filter.days)}
            onChange={(event) => set('days', Number(event.target.value) as PeriodDays)}
          >
            {periodOptions.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? t('dashboard.period.none') : t('dashboard.period.days', { days })}
              </option>
            ))}
          </SelectField>
        )}
        <Button type="submit" size="small" variation="primary" isLoading={isLoading}>
          {t('dashboard.filter')}
        </Button>
        {applied && (
          <Text
            as="span"
            className="dashboard-filter__applied"
            color="font.secondary"
            fontSize="small"
            data-testid="dashboard-applied"
          >
            {applied}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
