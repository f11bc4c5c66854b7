import { useState } from 'react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ClockIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import type { ScheduleContact } from '../api/types.ts';
import { ScheduleModal } from './ScheduleModal.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

/** The chat header's "schedule a message" button: the schedule dialog with the contact filled, one hour ahead. */
export function ScheduleButton({ contact }: { contact: ScheduleContact | undefined }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!contact || !planAllows(user?.company?.plan, 'useSchedules')) return null;
  return (
    <>
      <IconButton label={t('schedules.scheduleMessage')} onClick={() => setOpen(true)}>
        <ClockIcon size={18} />
      </IconButton>
      {open && <ScheduleModal contact={contact} onClose={() => setOpen(false)} />}
    </>
  );
}
