import { useState, type ReactNode } from 'react';
import { Badge, Button, Flex, Loader, TableCell, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import {
  CheckCircleIcon,
  CheckIcon,
  ClockIcon,
  LinkIcon,
  PowerIcon,
  QrCodeIcon,
  SmartphoneIcon,
  WifiOffIcon,
} from '../../../components/icons/feature-icons.tsx';
import { RefreshIcon } from '../../../components/icons/icons.tsx';
import { NameText, RecordListPage } from '../../../components/ListPage.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { can } from '../../../lib/permissions.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { useDeleteWhatsapp } from '../api/delete-whatsapp.ts';
import { useWhatsapps } from '../api/get-whatsapps.ts';
import type { ConnectionStatus, Whatsapp } from '../api/types.ts';
import { useSessionCommand, type SessionCommand } from '../api/whatsapp-session.ts';
import {
  qrModalShouldClose,
  sessionButtonsFor,
  statusTone,
  type SessionButton,
} from '../connection-status.ts';
import { reasonText } from './ConnectionAlertBanner.tsx';
import { ConnectionHistoryDialog } from './ConnectionHistoryDialog.tsx';
import { ConnectionModal } from './ConnectionModal.tsx';
import { QrCodeModal } from './QrCodeModal.tsx';

const statusIcon: Record<ConnectionStatus, ReactNode> = {
  CONNECTED: <CheckCircleIcon size={16} />,
  qrcode: <QrCodeIcon size={16} />,
  PAIRING: <LinkIcon size={16} />,
  OPENING: <Loader size="small" className="connection-status__spinner" />,
  TIMEOUT: <ClockIcon size={16} />,
  DISCONNECTED: <WifiOffIcon size={16} />,
};

const statusLabel = (status: ConnectionStatus) => t(`connections.status.${status}` as MessageKey);
const statusHint = (status: ConnectionStatus) => t(`connections.statusHint.${status}` as MessageKey);

function StatusCell({ connection }: { connection: Whatsapp }) {
  const { status, number } = connection;
  return (
    <Flex direction="column" gap="xxxs" alignItems="flex-start">
      <span className={`connection-status connection-status--${statusTone[status]}`} data-status={status}>
        {statusIcon[status]}
        {statusLabel(status)}
      </span>
      <Text as="span" fontSize="xs" color="font.tertiary" className="connection-status__detail">
        {number ? t('connections.number', { number }) : statusHint(status)}
      </Text>
    </Flex>
  );
}

interface SessionButtonsProps {
  connection: Whatsapp;
  /** The command being sent for this row, if any. */
  pending: SessionCommand | undefined;
  onShowQr(): void;
  onCommand(command: SessionCommand): void;
  onDisconnect(): void;
}

/** core §4: the session column's buttons for the connection's status. */
function SessionButtons({ connection, pending, onShowQr, onCommand, onDisconnect }: SessionButtonsProps) {
  const render = (button: SessionButton) => {
    switch (button) {
      case 'showQr':
        return (
          <Button key={button} size="small" variation="primary" gap="xs" onClick={onShowQr}>
            <QrCodeIcon size={16} />
            {t('connections.buttons.showQr')}
          </Button>
        );
      case 'retry':
        return (
          <Button
            key={button}
            size="small"
            gap="xs"
            isLoading={pending === 'retry'}
            onClick={() => onCommand('retry')}
          >
            <RefreshIcon size={16} />
            {t('connections.buttons.retry')}
          </Button>
        );
      case 'newQr':
        return (
          <Button
            key={button}
            size="small"
            variation="primary"
            gap="xs"
            isLoading={pending === 'newQr'}
            onClick={() => onCommand('newQr')}
          >
            <QrCodeIcon size={16} />
            {t('connections.buttons.newQr')}
          </Button>
        );
      case 'disconnect':
        return (
          <Button
            key={button}
            size="small"
            gap="xs"
            className="connection-disconnect"
            isLoading={pending === 'disconnect'}
            onClick={onDisconnect}
          >
            <PowerIcon size={16} />
            {t('connections.buttons.disconnect')}
          </Button>
        );
      case 'connecting':
        return (
          <Button
            key={button}
            size="small"
            isDisabled
            isLoading
            loadingText={t('connections.buttons.connecting')}
          >
            {t('connections.buttons.connecting')}
          </Button>
        );
    }
  };
  return (
    <Flex gap="xs" wrap="nowrap" className="connection-session">
      {sessionButtonsFor(connection.status).map(render)}
    </Flex>
  );
}

/** Connection health (issue #30): when the connection last dropped, and why. */
function LastDisconnectCell({ connection }: { connection: Whatsapp }) {
  if (!connection.lastDisconnectAt)
    return (
      <Text as="span" fontSize="small" color="font.tertiary">
        {t('connections.lastDisconnectNone')}
      </Text>
    );
  return (
    <Flex direction="column" gap="xxxs" data-testid="connection-last-disconnect" data-reason={connection.lastDisconnectReason ?? ''}>
      <Text as="span" fontSize="small">
        {formatDateTime(connection.lastDisconnectAt)}
      </Text>
      <Text as="span" fontSize="xs" color="font.tertiary">
        {reasonText(connection.lastDisconnectReason ?? 'unknown')}
      </Text>
    </Flex>
  );
}

/** core §2 Connections page: the WhatsApp connections table with its QR-code and edit modals. */
export function ConnectionsPage() {
  const { user } = useAuth();
  const connections = useWhatsapps();
  const sessionCommand = useSessionCommand();
  const [qrId, setQrId] = useState<number | undefined>(undefined);
  const deletion = useDeleteWhatsapp();
  const [toDisconnect, setToDisconnect] = useState<Whatsapp | undefined>(undefined);
  const [historyOf, setHistoryOf] = useState<Whatsapp | undefined>(undefined);
  useLoadErrorToast(connections, t('toast.loadError'));

  const mayAdd = can(user?.profile, 'connections-page:addConnection');
  const mayAct = can(user?.profile, 'connections-page:actionButtons');
  const mayEdit = can(user?.profile, 'connections-page:editOrDeleteConnection');
  const rows = connections.data ?? [];

  // core §4: the QR modal reads the live connection and closes itself once its QR is empty
  // (the phone connected, or the connection went away). Closing clears the choice, so a later QR
  // for the same connection does not reopen it by surprise.
  const qrConnection = qrId === undefined ? undefined : rows.find((row) => row.id === qrId);
  if (qrId !== undefined && connections.data && qrModalShouldClose(qrConnection)) setQrId(undefined);

  const pendingFor = (id: number) =>
    sessionCommand.isPending && sessionCommand.variables?.id === id
      ? sessionCommand.variables.command
      : undefined;

  function runCommand(id: number, command: SessionCommand) {
    sessionCommand.mutate({ id, command }, { onError: toastError });
  }

  function confirmDisconnect() {
    if (!toDisconnect) return;
    runCommand(toDisconnect.id, 'disconnect');
    setToDisconnect(undefined);
  }

  return (
    <RecordListPage
      texts="connections"
      mayAdd={mayAdd}
      mayManage={mayEdit}
      query={connections}
      rows={rows}
      empty={
        <Flex direction="column" alignItems="center" gap="xs" padding="xl" className="connections-empty">
          <SmartphoneIcon size={28} />
          <Text textAlign="center" color="font.tertiary">
            {connections.isError ? t('toast.loadError') : t('connections.empty')}
          </Text>
        </Flex>
      }
      tableClassName="connections-table"
      columns={[
        'name',
        'status',
        mayAct && 'session',
        ['lastUpdate', 'wide'],
        ['lastDisconnect', 'wide'],
        ['default', 'connections-table__default'],
      ]}
      rowAttributes={(connection) => ({
        'data-connection-name': connection.name,
        'data-status': connection.status,
      })}
      cells={(connection) => (
        <>
          <TableCell>
            <Flex alignItems="center" gap="xs" wrap="nowrap">
              <NameText name={connection.name} />
              {connection.provider === 'sandbox' && (
                <Badge size="small" variation="info">
                  {t('connections.sandbox')}
                </Badge>
              )}
            </Flex>
            <Text as="span" className="data-table__narrow-only" fontSize="xs" color="font.tertiary">
              {formatDateTime(connection.updatedAt)}
            </Text>
          </TableCell>
          <TableCell>
            <StatusCell connection={connection} />
          </TableCell>
          {mayAct && (
            <TableCell>
              <SessionButtons
                connection={connection}
                pending={pendingFor(connection.id)}
                onShowQr={() => setQrId(connection.id)}
                onCommand={(command) => runCommand(connection.id, command)}
                onDisconnect={() => setToDisconnect(connection)}
              />
            </TableCell>
          )}
          <TableCell className="data-table__wide-only connections-table__time">
            {formatDateTime(connection.updatedAt)}
          </TableCell>
          <TableCell className="data-table__wide-only">
            <LastDisconnectCell connection={connection} />
          </TableCell>
          <TableCell className="connections-table__default">
            {connection.isDefault && (
              <span
                className="connection-default"
                role="img"
                aria-label={t('connections.isDefault')}
                title={t('connections.isDefault')}
              >
                <CheckIcon size={16} />
              </span>
            )}
          </TableCell>
        </>
      )}
      editLabel={(connection) => t('connections.editConnection', { name: connection.name })}
      deleteLabel={(connection) => t('connections.deleteConnection', { name: connection.name })}
      remove={{ mutation: deletion }}
      rowTools={(connection) => (
        <Button
          size="small"
          variation="link"
          gap="xxs"
          aria-label={t('connections.history.button', { name: connection.name })}
          title={t('connections.history.button', { name: connection.name })}
          data-testid="connection-history-button"
          onClick={() => setHistoryOf(connection)}
        >
          <ClockIcon size={16} />
          {t('connections.history.open')}
        </Button>
      )}
      dialog={(connection, close) => (
        <ConnectionModal
          open
          whatsappId={connection?.id}
          isFirst={connections.isSuccess && rows.length === 0}
          onClose={close}
        />
      )}
    >
      {qrConnection && !qrModalShouldClose(qrConnection) && (
        <QrCodeModal
          connection={qrConnection}
          canSimulateScan={mayAct && qrConnection.provider === 'sandbox'}
          onClose={() => setQrId(undefined)}
        />
      )}
      {historyOf && <ConnectionHistoryDialog connection={historyOf} onClose={() => setHistoryOf(undefined)} />}
      <ConfirmDialog
        open={toDisconnect !== undefined}
        title={toDisconnect ? t('connections.disconnectTitle', { name: toDisconnect.name }) : undefined}
        message={t('connections.disconnectMessage')}
        confirmLabel={t('connections.buttons.disconnect')}
        onConfirm={confirmDisconnect}
        onClose={() => setToDisconnect(undefined)}
      />
    </RecordListPage>
  );
}
