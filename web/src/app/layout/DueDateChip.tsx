import { Link as RouterLink } from 'react-router-dom';
import { CalendarIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { dueDateView } from '../../lib/company-status.ts';

/** core §2 Layout: the company due date for admins, coloured by the days left; it leads to the subscription. */
export function DueDateChip({ dueDate }: { dueDate: string | null | undefined }) {
  const view = dueDateView(dueDate, new Date());
  if (!view) return null;
  return (
    <RouterLink
      to="/subscription"
      className={['due-date-chip', view.colour ? `due-date-chip--${view.colour}` : ''].filter(Boolean).join(' ')}
      title={t('layout.dueDateTitle')}
      data-due-colour={view.colour ?? 'none'}
    >
      <CalendarIcon size={16} />
      <span>{t('layout.dueDate', { date: view.label })}</span>
    </RouterLink>
  );
}
