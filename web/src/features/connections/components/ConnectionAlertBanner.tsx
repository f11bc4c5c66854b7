import { Alert, Flex, Link, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { connectionHealthQueryKeys, useConnectionAlerts, type ConnectionAlert } from '../api/connection-health.ts';
import { applyConnectionAlertEvent } from '../connection-alerts.ts';

/** The reason's text, or '' without one. */
export function reasonText(reason: string | null | undefined): string {
  return reason ? t(`connections.reason.${reason}` as MessageKey) : '';
}

function alertLine(alert: ConnectionAlert): string {
  return t(`connections.alert.${alert.kind}` as MessageKey, {
    name: alert.name,
    reason: reasonText(alert.reason ?? 'unknown'),
  });
}

/**
 * Connection health's banner (issue #30), on every page for admins: the open alerts, read on load
 * and kept by the `connectionAlert` live event, so it shows at once and goes when the connection
 * is back. It links to the connections screen.
 */
export function ConnectionAlertBanner({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const alerts = useConnectionAlerts(enabled);
  useLiveEvent(enabled ? 'connectionAlert' : undefined, (data) => {
    queryClient.setQueryData<ConnectionAlert[]>(connectionHealthQueryKeys.alerts(), (current) =>
      applyConnectionAlertEvent(current, data),
    );
  });
  const open = enabled ? (alerts.data ?? []) : [];
  if (open.length === 0) return null;
  return (
    <Alert
      variation="warning"
      heading={t('connections.alert.title')}
      className="app-shell__banner"
      role="alert"
      data-testid="connection-alert-banner"
    >
      <Flex direction="column" gap="xxs">
        {open.map((alert) => (
          <Text key={`${alert.whatsappId}-${alert.kind}`} data-alert-kind={alert.kind} data-whatsapp-id={alert.whatsappId}>
            {alertLine(alert)}
          </Text>
        ))}
        <Link as={RouterLink} to="/connections" data-testid="connection-alert-link">
          {t('connections.alert.link')}
        </Link>
      </Flex>
    </Alert>
  );
}
