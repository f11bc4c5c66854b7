import { dateFnsLocalizer, type Messages } from 'react-big-calendar';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { t } from '../../i18n/index.ts';

/**
 * react-big-calendar with date-fns in the UI's language (its `culture` is the current locale,
 * docs/i18n.md); weeks start on Monday.
 */
export const calendarLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { es, 'pt-BR': ptBR, en: enUS },
});

export function calendarMessages(): Messages {
  return {
    today: t('schedules.calendar.today'),
    previous: t('schedules.calendar.previous'),
    next: t('schedules.calendar.next'),
    month: t('schedules.calendar.month'),
    week: t('schedules.calendar.week'),
    day: t('schedules.calendar.day'),
    agenda: t('schedules.calendar.agenda'),
    date: t('schedules.calendar.date'),
    time: t('schedules.calendar.time'),
    event: t('schedules.calendar.event'),
    allDay: t('schedules.calendar.allDay'),
    noEventsInRange: t('schedules.calendar.empty'),
    showMore: (count: number) => t('schedules.calendar.more', { count }),
  };
}
