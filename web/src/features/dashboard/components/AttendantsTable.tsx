import {
  Button,
  Card,
  Flex,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import type { DashboardAttendant } from '@atende/shared/entities/dashboard';
import { formatMinutes } from '@atende/shared/format-minutes';
import { DownloadIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { formatCount, formatRating, ratingLevel } from '../dashboard-format.ts';
import { StarIcon } from './dashboard-icons.tsx';

interface AttendantsTableProps {
  attendants: readonly DashboardAttendant[];
  isExporting: boolean;
  onExport(): void;
}

/** core §2: the attendants of the period, with their rating, average time, tickets and status. */
export function AttendantsTable({ attendants, isExporting, onExport }: AttendantsTableProps) {
  return (
    <Card variation="outlined" padding="0" className="panel panel--table" data-testid="dashboard-attendants">
      <Flex alignItems="center" justifyContent="space-between" gap="small" wrap="wrap" padding="medium">
        <Heading level={5}>{t('dashboard.attendants.title')}</Heading>
        <Button size="small" gap="xs" isLoading={isExporting} onClick={onExport}>
          <DownloadIcon size={18} />
          {t('dashboard.attendants.export')}
        </Button>
      </Flex>
      <div className="table-scroll">
        <Table highlightOnHover size="small" className="data-table dashboard-attendants">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('dashboard.attendants.name')}</TableCell>
              <TableCell as="th">{t('dashboard.attendants.rating')}</TableCell>
              <TableCell as="th">{t('dashboard.attendants.avgSupportTime')}</TableCell>
              <TableCell as="th" className="dashboard-attendants__number">
                {t('dashboard.attendants.tickets')}
              </TableCell>
              <TableCell as="th">{t('dashboard.attendants.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attendants.map((attendant) => (
              <TableRow key={attendant.id} data-attendant-name={attendant.name}>
                <TableCell>
                  <Text as="span" fontWeight="semibold">
                    {attendant.name}
                  </Text>
                </TableCell>
                <TableCell>
                  <Rating value={attendant.rating} />
                </TableCell>
                <TableCell className="dashboard-attendants__time">
                  {formatMinutes(attendant.avgSupportTime)}
                </TableCell>
                <TableCell className="dashboard-attendants__number" data-testid="attendant-tickets">
                  {formatCount(attendant.tickets)}
                </TableCell>
                <TableCell>
                  <OnlineStatus online={attendant.online} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </Card>
  );
}

/** core §9: 1 unsatisfied, 2 satisfied, 3 very satisfied; three stars, as many filled. */
function Rating({ value }: { value: number | null }) {
  const level = ratingLevel(value);
  if (level === undefined || value === null) {
    return (
      <Text as="span" color="font.tertiary" fontSize="small">
        {t('dashboard.rating.none')}
      </Text>
    );
  }
  const label = t('dashboard.rating.label', {
    meaning: t(`dashboard.rating.${level}`),
    value: formatRating(value),
  });
  return (
    <span
      className={`dashboard-rating dashboard-rating--${level}`}
      role="img"
      aria-label={label}
      title={label}
    >
      {[1, 2, 3].map((star) => (
        <StarIcon key={star} filled={star <= level} />
      ))}
    </span>
  );
}

function OnlineStatus({ online }: { online: boolean }) {
  return (
    <span className="dashboard-status" data-online={online}>
      <span
        className={`dashboard-status__dot${online ? ' dashboard-status__dot--online' : ''}`}
        aria-hidden="true"
      />
      {online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
    </span>
  );
}
