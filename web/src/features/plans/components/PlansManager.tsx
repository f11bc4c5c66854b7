import { Badge, Flex, Grid, SelectField, TextField } from '@aws-amplify/ui-react';
import { planCreateInputSchema } from '@atende/shared/entities/plan';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ManagerForm, ManagerTable, type ManagerColumn } from '../../../components/ManagerLayout.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import { useCrudForm } from '../../../lib/use-crud-form.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlans, type Plan } from '../api/get-plans.ts';
import { useSavePlan } from '../api/save-plan.ts';
import {
  emptyPlanForm,
  formatPlanPrice,
  planFormInput,
  planApiLimitFields,
  planDefaultedLimitFields,
  planFormFlags,
  planOptionalLimitFields,
  planFormOf,
  type PlanFormValues,
} from '../plan-form.ts';

const countFields = ['users', 'connections', 'queues'] as const;

/** The Planes tab (super users): the plan form and table (extended §3 Plan, §8 texts). */
export function PlansManager() {
  const plans = usePlans();
  const savePlan = useSavePlan();
  const deletePlan = useDeletePlan();
  useLoadErrorToast(plans, t('common.loadListFailed'));

  const form = useCrudForm({
    empty: emptyPlanForm,
    fromRecord: planFormOf,
    schema: planCreateInputSchema,
    input: planFormInput,
    save: (id, payload) => savePlan.mutateAsync({ id, payload }),
    remove: (id) => deletePlan.mutateAsync(id),
    saveFailedMessage: t('plans.saveFailed'),
  });
  const { values, errors, set, field } = form;

  const columns: ManagerColumn<Plan>[] = [
    { header: t('plans.name'), cell: (plan) => plan.name },
    { header: t('plans.users'), cell: (plan) => plan.users },
    { header: t('plans.connections'), cell: (plan) => plan.connections },
    { header: t('plans.queues'), cell: (plan) => plan.queues },
    { header: t('plans.value'), cell: (plan) => formatPlanPrice(plan.value) },
    {
      header: t('plans.features'),
      cell: (plan) => (
        <Flex wrap="wrap" gap="xxs">
          {planFormFlags
            .filter((flag) => planAllows(plan, flag))
            .map((flag) => (
              <Badge key={flag} size="small" variation="success">
                {t(`plans.${flag}` as MessageKey)}
              </Badge>
            ))}
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="medium">
      <ManagerForm
        title={t('plans.formTitle')}
        editing={form.editingId !== undefined}
        saving={form.saving}
        onSubmit={(event) => void form.submit(event)}
        onClear={form.clear}
        onDelete={() => form.editingId !== undefined && form.askDelete({ id: form.editingId })}
        testId="plan-form"
      >
        <Grid
          templateColumns={{ base: '1fr', medium: 'repeat(2, 1fr)', large: '2fr repeat(4, 1fr)' }}
          gap="medium"
        >
          <TextField
            label={t('plans.name')}
            {...field('name')}
          />
          {countFields.map((field) => (
            <TextField
              key={field}
              label={t(`plans.${field}`)}
              name={field}
              type="number"
              min={0}
              value={values[field]}
              onChange={(event) => set(field, event.target.value)}
              hasError={!!errors[field]}
              errorMessage={errors[field]}
            />
          ))}
          {planOptionalLimitFields.map((field) => (
            <TextField
              key={field}
              label={t(`plans.${field}Limit`)}
              name={field}
              type="number"
              min={0}
              placeholder={t('plans.noLimit')}
              descriptiveText={t('plans.noLimitHint')}
              value={values[field]}
              onChange={(event) => set(field, event.target.value)}
              hasError={!!errors[field]}
              errorMessage={errors[field]}
            />
          ))}
          <TextField
            label={t('plans.value')}
            name="value"
            inputMode="decimal"
            value={values.value}
            onChange={(event) => set('value', event.target.value)}
            hasError={!!errors.value}
            errorMessage={errors.value}
          />
          {planApiLimitFields.map((field) => (
            <TextField
              key={field}
              label={t(`plans.${field}`)}
              name={field}
              type="number"
              min={field === 'apiMonthlyQuota' ? 0 : 1}
              value={values[field]}
              onChange={(event) => set(field, event.target.value)}
              hasError={!!errors[field]}
              errorMessage={errors[field]}
            />
          ))}
          {planDefaultedLimitFields.map((field) => (
            <TextField
              key={field}
              label={t(`plans.${field}`)}
              name={field}
              type="number"
              min={0}
              placeholder={t('plans.platformDefault')}
              descriptiveText={t('plans.platformDefaultHint')}
              value={values[field]}
              onChange={(event) => set(field, event.target.value)}
              hasError={!!errors[field]}
              errorMessage={errors[field]}
            />
          ))}
        </Grid>
        <Grid templateColumns="repeat(auto-fill, minmax(10rem, 1fr))" gap="medium">
          {planFormFlags.map((flag) => (
            <SelectField
              key={flag}
              label={t(`plans.${flag}` as MessageKey)}
              name={flag}
              value={values[flag]}
              onChange={(event) => set(flag, event.target.value as PlanFormValues[typeof flag])}
            >
              <option value="true">{t('common.enabledPlural')}</option>
              <option value="false">{t('common.disabledPlural')}</option>
            </SelectField>
          ))}
        </Grid>
      </ManagerForm>
      <ManagerTable
        title={t('plans.listTitle')}
        rows={plans.data}
        isLoading={plans.isLoading}
        columns={columns}
        selectedId={form.editingId}
        onEdit={form.select}
        onDelete={form.askDelete}
        rowLabel={(plan) => plan.name}
      />
      <ConfirmDialog {...form.confirmProps} />
    </Flex>
  );
}

export default PlansManager;
