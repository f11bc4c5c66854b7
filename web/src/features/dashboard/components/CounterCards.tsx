import { Card, Loader, Text } from '@aws-amplify/ui-react';
import type { DashboardCounters } from '@atende/shared/entities/dashboard';
import { formatMinutes } from '@atende/shared/format-minutes';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatCount } from '../dashboard-format.ts';

type CounterKey = keyof DashboardCounters;

interface CounterCard {
  key: CounterKey;
  label: MessageKey;
  kind: 'count' | 'minutes';
  small?: boolean;
}

/** core §2: six cards, then a smaller one with the first response time. */
const cards: readonly CounterCard[] = [
  { key: 'supportHappening', label: 'dashboard.counters.supportHappening', kind: 'count' },
  { key: 'supportPending', label: 'dashboard.counters.supportPending', kind: 'count' },
  { key: 'supportFinished', label: 'dashboard.counters.supportFinished', kind: 'count' },
  { key: 'leads', label: 'dashboard.counters.leads', kind: 'count' },
  { key: 'avgSupportTime', label: 'dashboard.counters.avgSupportTime', kind: 'minutes' },
  { key: 'avgWaitTime', label: 'dashboard.counters.avgWaitTime', kind: 'minutes' },
  {
    key: 'avgFirstResponseTime',
    label: 'dashboard.counters.avgFirstResponseTime',
    kind: 'minutes',
    small: true,
  },
];

interface CounterCardsProps {
  counters: DashboardCounters | undefined;
  isLoading: boolean;
}

export function CounterCards({ counters, isLoading }: CounterCardsProps) {
  return (
    <div className="dashboard-cards" data-testid="dashboard-counters" aria-busy={isLoading}>
      {cards.map((card) => (
        <Counter
          key={card.key}
          name={card.key}
          label={t(card.label)}
          value={counters?.[card.key]}
          kind={card.kind}
          isLoading={isLoading}
          small={card.small}
        />
      ))}
    </div>
  );
}

interface CounterProps {
  name: string;
  label: string;
  value: number | undefined;
  kind: 'count' | 'minutes';
  isLoading: boolean;
  small?: boolean;
}

function Counter({ name, label, value, kind, isLoading, small = false }: CounterProps) {
  const shown = value === undefined ? '—' : kind === 'minutes' ? formatMinutes(value) : formatCount(value);
  return (
    <Card
      variation="outlined"
      className={`panel dashboard-card dashboard-card--${kind}${small ? ' dashboard-card--small' : ''}`}
      data-testid={`dashboard-counter-${name}`}
      data-value={value ?? ''}
    >
      <Text as="span" className="dashboard-card__label">
        {label}
      </Text>
      <Text as="span" className="dashboard-card__value">
        {isLoading && value === undefined ? <Loader size="small" ariaLabel={t('app.loading')} /> : shown}
      </Text>
    </Card>
  );
}
