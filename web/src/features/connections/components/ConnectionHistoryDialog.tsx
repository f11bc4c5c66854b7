import type { ReactNode } from 'react';
import { Flex, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { formatNumber, t } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useConnectionHistory, type ConnectionHistory } from '../api/connection-health.ts';
import type { Whatsapp } from '../api/types.ts';
import { durationText, uptimeTone } from '../connection-history-format.ts';
import { reasonText } from './ConnectionAlertBanner.tsx';

const barWidth = 10;
const gap = 3;
const stripHeight = 28;
const messagesHeight = 48;

/** A row of day bars, stretched to the dialog's width (plain SVG, no chart library). */
function DayBars(props: { days: number; height: number; label: string; name: string; children: ReactNode }) {
  return (
    <svg
      className={`connection-history__${props.name}`}
      viewBox={`0 0 ${props.days * (barWidth + gap)} ${props.height}`}
      width="100%"
      height={props.height}
      preserveAspectRatio="none"
      role="img"
      aria-label={props.label}
      data-testid={`connection-history-${props.name}`}
    >
      {props.children}
    </svg>
  );
}

/** One bar per day: its height the share connected, its colour by tone. */
function UptimeStrip({ days }: { days: ConnectionHistory['days'] }) {
  return (
    <DayBars days={days.length} height={stripHeight} label={t('connections.history.uptimeStrip')} name="strip">
      {days.map((day, index) => {
        const height = Math.max(2, (day.uptimePercent / 100) * stripHeight);
        return (
          <rect
            key={day.day}
            x={index * (barWidth + gap)}
            y={stripHeight - height}
            width={barWidth}
            height={height}
            rx={2}
            className={`connection-history__bar connection-history__bar--${uptimeTone(day.uptimePercent)}`}
          >
            <title>{t('connections.history.dayUptime', { day: day.day, percent: formatNumber(day.uptimePercent) })}</title>
          </rect>
        );
      })}
    </DayBars>
  );
}

/** Messages in and out per day: two small bars a day, scaled to the busiest day. */
function MessageBars({ days }: { days: ConnectionHistory['days'] }) {
  const most = Math.max(1, ...days.map((day) => Math.max(day.in, day.out)));
  const half = (barWidth - 1) / 2;
  return (
    <DayBars days={days.length} height={messagesHeight} label={t('connections.history.messages')} name="messages">
      {days.map((day, index) => {
        const x = index * (barWidth + gap);
        const inHeight = (day.in / most) * messagesHeight;
        const outHeight = (day.out / most) * messagesHeight;
        return (
          <g key={day.day} data-day={day.day} data-in={day.in} data-out={day.out}>
            <title>{t('connections.history.dayMessages', { day: day.day, in: day.in, out: day.out })}</title>
            <rect x={x} y={messagesHeight - inHeight} width={half} height={inHeight} className="connection-history__in" />
            <rect x={x + half + 1} y={messagesHeight - outHeight} width={half} height={outHeight} className="connection-history__out" />
          </g>
        );
      })}
    </DayBars>
  );
}

function HistoryBody({ history }: { history: ConnectionHistory }) {
  return (
    <Flex direction="column" gap="medium">
      <Text fontWeight="bold" data-testid="connection-history-uptime">
        {t('connections.history.uptime', { percent: formatNumber(history.uptimePercent) })}
      </Text>
      <UptimeStrip days={history.days} />
      <Flex direction="column" gap="xs">
        <Text fontWeight="bold">{t('connections.history.messages')}</Text>
        <MessageBars days={history.days} />
        <Flex gap="medium">
          <span className="connection-history__legend connection-history__legend--in">{t('connections.history.in')}</span>
          <span className="connection-history__legend connection-history__legend--out">{t('connections.history.out')}</span>
        </Flex>
      </Flex>
      <Flex direction="column" gap="xs">
        <Text fontWeight="bold">{t('connections.history.disconnects')}</Text>
        {history.disconnects.length === 0 ? (
          <Text color="font.tertiary">{t('connections.history.noDisconnects')}</Text>
        ) : (
          <Table size="small" data-testid="connection-history-disconnects">
            <TableHead>
              <TableRow>
                <TableCell as="th">{t('connections.history.columns.at')}</TableCell>
                <TableCell as="th">{t('connections.history.columns.reason')}</TableCell>
                <TableCell as="th">{t('connections.history.columns.duration')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.disconnects.map((disconnect) => (
                <TableRow key={disconnect.at} data-reason={disconnect.reason ?? ''}>
                  <TableCell>{formatDateTime(disconnect.at)}</TableCell>
                  <TableCell>{reasonText(disconnect.reason ?? 'unknown')}</TableCell>
                  <TableCell>
                    {disconnect.durationMs === null ? t('connections.history.ongoing') : durationText(disconnect.durationMs)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Flex>
    </Flex>
  );
}

/** A connection's last 30 days (issue #30): uptime with a per-day strip, messages per day, the disconnects. */
export function ConnectionHistoryDialog({ connection, onClose }: { connection: Whatsapp; onClose(): void }) {
  const history = useConnectionHistory(connection.id);
  return (
    <Modal open size="large" title={t('connections.history.title', { name: connection.name })} onClose={onClose}>
      <div className="connection-history" data-testid="connection-history">
        {history.data ? (
          <HistoryBody history={history.data} />
        ) : history.isError ? (
          <Text color="font.error">{t('toast.loadError')}</Text>
        ) : (
          <Loader />
        )}
      </div>
    </Modal>
  );
}
