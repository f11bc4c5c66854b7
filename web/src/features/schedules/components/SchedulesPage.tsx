import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Calendar, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Button, Flex, Heading, Loader } from '@aws-amplify/ui-react';
import { PlusIcon } from '../../../components/icons/feature-icons.tsx';
import { t, currentLocale } from '../../../i18n/index.ts';
import { useSchedules } from '../api/get-schedules.ts';
import type { Schedule, ScheduleContact } from '../api/types.ts';
import { calendarLocalizer, calendarMessages } from '../calendar-setup.ts';
import { useLiveSchedules } from '../live-schedules.ts';
import { blockEndOf, wallDateOf } from '../schedule-time.ts';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';
import '../schedules.css';
import { failureText, ScheduleModal } from './ScheduleModal.tsx';
import { planRefused, useNoPermissionRedirect, usePlanAllows } from '../../../lib/use-plan-gate.ts';

interface ScheduleEvent {
  title: string;
  start: Date;
  end: Date;
  resource: Schedule;
}

function titleOf(schedule: Schedule): string {
  const who = schedule.contact?.name ?? `#${schedule.contactId}`;
  if (schedule.status === 'ERRO')
    return `${who}: ${t('schedules.failed', { reason: failureText(schedule.errorReason) })}`;
  return `${who}: ${schedule.body}`;
}

type Dialog = { record: Schedule } | { contact?: ScheduleContact } | null;

/**
 * extended §2.16: the calendar of scheduled messages (height 500; month, week, day and agenda;
 * the company's time zone; Spanish). `?contactId=` opens the add dialog for that contact.
 */
export function SchedulesPage() {
  const [params, setParams] = useSearchParams();
  const allowed = usePlanAllows('useSchedules');
  const timeZone = useCompanyTimeZone();
  const schedules = useSchedules(allowed);
  useLiveSchedules();
  const [view, setView] = useState<View>('month');
  const [date, setDate] = useState(() => wallDateOf(new Date(), timeZone));
  const contactParam = Number(params.get('contactId') ?? '');
  const [dialog, setDialog] = useState<Dialog>(() =>
    contactParam > 0 ? { contact: { id: contactParam } } : null,
  );
  const refused = !allowed || planRefused(schedules.error);
  useNoPermissionRedirect(refused, 'schedules.noPermission');

  const events = useMemo<ScheduleEvent[]>(
    () =>
      (schedules.data ?? []).map((schedule) => {
        const start = wallDateOf(schedule.sendAt, timeZone);
        return {
          title: titleOf(schedule),
          start,
          end: blockEndOf(start),
          resource: schedule,
        };
      }),
    [schedules.data, timeZone],
  );
  const messages = useMemo(() => calendarMessages(), []);

  const closeDialog = () => {
    setDialog(null);
    if (params.has('contactId')) {
      params.delete('contactId');
      setParams(params, { replace: true });
    }
  };

  return (
    <Flex direction="column" gap="medium" padding="medium" className="schedules-page">
      {/* Wraps on a phone: the title and "Nuevo agendamiento" together are wider than 390 px. */}
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={4}>{t('schedules.title')}</Heading>
        <Button variation="primary" size="small" gap="xs" isDisabled={refused} onClick={() => setDialog({})}>
          <PlusIcon size={16} />
          {t('schedules.add')}
        </Button>
      </Flex>
      {schedules.isLoading && <Loader />}
      <div className="schedules-calendar" data-testid="schedules-calendar">
        <Calendar<ScheduleEvent>
          localizer={calendarLocalizer}
          culture={currentLocale()}
          messages={messages}
          events={events}
          views={['month', 'week', 'day', 'agenda']}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          getNow={() => wallDateOf(new Date(), timeZone)}
          style={{ height: 500 }}
          popup
          tooltipAccessor={(event) => event.title}
          eventPropGetter={(event) => ({
            className:
              event.resource.status === 'ENVIADA'
                ? 'schedule-event--sent'
                : event.resource.status === 'ERRO'
                  ? 'schedule-event--failed'
                  : 'schedule-event--pending',
          })}
          onSelectEvent={(event) => setDialog({ record: event.resource })}
        />
      </div>
      {dialog && (
        <ScheduleModal
          {...('record' in dialog
            ? { record: dialog.record }
            : dialog.contact
              ? { contact: dialog.contact }
              : {})}
          onClose={closeDialog}
        />
      )}
    </Flex>
  );
}
