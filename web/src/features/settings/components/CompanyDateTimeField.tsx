import { TextField } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';

interface CompanyDateTimeFieldProps {
  label: string;
  name: string;
  /** `YYYY-MM-DDTHH:mm` on the company's wall clock (`wallInputOf`). */
  value: string;
  onChange(value: string): void;
  /** The company's zone (`useCompanyTimeZone`), shown under the field. */
  timeZone: string;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  hasError?: boolean;
  errorMessage?: string;
}

/**
 * The one date-time field of the screens that take a send time (campaigns, schedules): the
 * typed time is the company's wall clock, whatever the browser's zone, and says so under the
 * field. The value is read back with `instantOfWall(value, timeZone)`.
 */
export function CompanyDateTimeField({ onChange, timeZone, ...field }: CompanyDateTimeFieldProps) {
  return (
    <TextField
      {...field}
      type="datetime-local"
      onChange={(event) => onChange(event.target.value)}
      descriptiveText={t('companyTime.zoneNote', { timeZone })}
    />
  );
}
