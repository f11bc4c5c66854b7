import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Grid, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { companySchedulesUpdateInputSchema } from '@atende/shared/entities/company-schedule';
import { defaultWeekHours, type WeekHours } from '@atende/shared/entities/weekday-hours';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { validateForm, type FieldErrors } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useCompany } from '../../companies/api/get-company.ts';
import { useUpdateCompanySchedules } from '../../companies/api/update-company-schedules.ts';
import { useCompanyTimeZone } from '../use-company-time-zone.ts';

/** The stored week, in weekday order, completed with the default hours for days it lacks. */
function weekOf(stored: WeekHours | undefined): WeekHours {
  return defaultWeekHours().map((day) => stored?.find((row) => row.weekdayEn === day.weekdayEn) ?? day);
}

function ScheduleForm({ companyId, initial }: { companyId: number; initial: WeekHours }) {
  const [week, setWeek] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateCompanySchedules();
  const timeZone = useCompanyTimeZone();

  const setTime = (index: number, field: 'startTime' | 'endTime', value: string) => {
    setWeek((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setErrors((current) => ({ ...current, [`schedules.${index}.${field}`]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateForm(companySchedulesUpdateInputSchema, { schedules: week });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ id: companyId, schedules: checked.data.schedules });
      toast.success(t('settings.schedules.saved'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Text color="font.secondary" fontSize="small">
        {t('settings.schedules.hint')}
      </Text>
      <Text color="font.secondary" fontSize="small" data-testid="hours-time-zone">
        {t('companyTime.hoursNote', { timeZone })}
      </Text>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
        {week.map((row, index) => (
          <Card key={row.weekdayEn} variation="outlined" className="weekday-card">
            <Text fontWeight="semibold" marginBottom="xs">
              {t(`weekdays.${row.weekdayEn}` as MessageKey)}
            </Text>
            <Flex gap="small">
              <TextField
                flex="1"
                type="time"
                size="small"
                label={t('settings.schedules.start')}
                value={row.startTime}
                onChange={(event) => setTime(index, 'startTime', event.target.value)}
                hasError={!!errors[`schedules.${index}.startTime`]}
                errorMessage={errors[`schedules.${index}.startTime`]}
              />
              <TextField
                flex="1"
                type="time"
                size="small"
                label={t('settings.schedules.end')}
                value={row.endTime}
                onChange={(event) => setTime(index, 'endTime', event.target.value)}
                hasError={!!errors[`schedules.${index}.endTime`]}
                errorMessage={errors[`schedules.${index}.endTime`]}
              />
            </Flex>
          </Card>
        ))}
      </Grid>
      <Flex justifyContent="flex-end">
        <Button type="submit" variation="primary" isLoading={save.isPending} loadingText={t('common.saving')}>
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The Horarios tab: the company's opening hours (GET /companies/{id}, PUT /companies/{id}/schedules). */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const company = useCompany(companyId);
  if (company.isLoading) return <Loader size="large" />;
  return (
    <Card variation="outlined" className="panel">
      <ScheduleForm
        key={company.dataUpdatedAt}
        companyId={companyId}
        initial={weekOf(company.data?.schedules)}
      />
    </Card>
  );
}
