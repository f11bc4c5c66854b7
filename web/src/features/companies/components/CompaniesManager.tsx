import { useQueryClient } from '@tanstack/react-query';
import { languages } from '@atende/shared/language';
import { Badge, Flex, Grid, SelectField, TextField } from '@aws-amplify/ui-react';
import { offeredRecurrences } from '@atende/shared/constants';
import { companyCreateInputSchema } from '@atende/shared/entities/company';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ManagerForm, ManagerTable, type ManagerColumn } from '../../../components/ManagerLayout.tsx';
import { RecordOptions } from '../../../components/FormDialog.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDay } from '../../../lib/company-status.ts';
import { maskPhone } from '../../../lib/phone-mask.ts';
import { useCrudForm } from '../../../lib/use-crud-form.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { usePlans } from '../../plans/api/get-plans.ts';
import { companiesQueryKeys } from '../api/companies-query-keys.ts';
import { useDeleteCompany } from '../api/delete-company.ts';
import { useCompanies, type Company } from '../api/get-companies.ts';
import { useSaveCompany } from '../api/save-company.ts';
import { companyCampaignsEnabled, companyFormOf, emptyCompanyForm, type CompanyFormValues } from '../company-form.ts';
import { applyCompanyEvent } from '../live-companies.ts';

const recurrenceLabel = (value: string | null | undefined) =>
  value ? (t(`companies.recurrence.${value}` as MessageKey) ?? value) : '';

/** The Empresas tab (super users): a form and the table of client companies (core §2, §7, §8). */
export function CompaniesManager() {
  const queryClient = useQueryClient();
  const companies = useCompanies();
  const plans = usePlans();
  const saveCompany = useSaveCompany();
  const deleteCompany = useDeleteCompany();
  useLoadErrorToast(companies, t('common.loadListFailed'));

  useLiveEvent('company', (data) => {
    queryClient.setQueryData<Company[]>(companiesQueryKeys.list(), (list) => applyCompanyEvent(list, data));
  });

  const form = useCrudForm({
    empty: emptyCompanyForm,
    fromRecord: companyFormOf,
    schema: companyCreateInputSchema,
    // No language yet (a company older than the languages) is sent as none, not ''.
    input: (current: CompanyFormValues) => ({ ...current, language: current.language || undefined }),
    save: (id, payload) => saveCompany.mutateAsync({ id, payload }),
    remove: (id) => deleteCompany.mutateAsync(id),
    saveFailedMessage: t('companies.saveFailed'),
  });
  const { values, errors, set, field } = form;

  const planName = (company: Company) =>
    company.plan?.name ?? plans.data?.find((plan) => plan.id === company.planId)?.name ?? '';

  // The referring company by name from the same list (every company is in it); one deleted since shows its id.
  const referrerName = (company: Company) => {
    if (!company.referredBy) return '';
    return companies.data?.find((other) => other.id === company.referredBy)?.name ?? `#${company.referredBy}`;
  };

  const columns: ManagerColumn<Company>[] = [
    { header: t('companies.name'), cell: (company) => company.name },
    { header: t('companies.email'), cell: (company) => company.email ?? '' },
    { header: t('companies.phone'), cell: (company) => (company.phone ? maskPhone(company.phone) : '') },
    { header: t('companies.plan'), cell: planName },
    {
      header: t('companies.status'),
      cell: (company) => (
        <Badge size="small" variation={company.status ? 'success' : 'error'}>
          {company.status ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
    {
      header: t('companies.campaigns'),
      cell: (company) => (companyCampaignsEnabled(company) ? t('common.enabledPlural') : t('common.disabledPlural')),
    },
    { header: t('companies.dueDate'), cell: (company) => formatDay(company.dueDate) },
    { header: t('companies.recurrence'), cell: (company) => recurrenceLabel(company.recurrence) },
    { header: t('companies.referredBy'), cell: referrerName },
  ];

  return (
    <Flex direction="column" gap="medium">
      <ManagerForm
        title={t('companies.formTitle')}
        editing={form.editingId !== undefined}
        saving={form.saving}
        onSubmit={(event) => void form.submit(event)}
        onClear={form.clear}
        onDelete={() => form.editingId !== undefined && form.askDelete({ id: form.editingId })}
        testId="company-form"
      >
        <Grid templateColumns="repeat(auto-fill, minmax(14rem, 1fr))" gap="medium">
          <TextField
            label={t('companies.name')}
            {...form.field('name')}
          />
          <TextField
            label={t('companies.email')}
            type="email"
            {...form.field('email')}
          />
          <TextField
            label={t('companies.phone')}
            name="phone"
            type="tel"
            value={maskPhone(values.phone)}
            placeholder={t('auth.signup.phonePlaceholder')}
            onChange={(event) => set('phone', event.target.value.replace(/\D/g, ''))}
            hasError={!!errors.phone}
            errorMessage={errors.phone}
          />
          <SelectField
            label={t('companies.plan')}
            {...field('planId')}
            placeholder={t('auth.signup.planPlaceholder')}
          >
            <RecordOptions records={plans.data} />
          </SelectField>
          <SelectField
            label={t('companies.status')}
            {...field('status')}
          >
            <option value="true">{t('common.yes')}</option>
            <option value="false">{t('common.no')}</option>
          </SelectField>
          <SelectField
            label={t('companies.campaigns')}
            {...field('campaignsEnabled')}
          >
            <option value="true">{t('common.enabledPlural')}</option>
            <option value="false">{t('common.disabledPlural')}</option>
          </SelectField>
          <TextField
            label={t('companies.dueDate')}
            {...field('dueDate')}
            type="date"
          />
          <SelectField
            label={t('companies.recurrence')}
            {...field('recurrence')}
          >
            {/* core §4: only monthly is offered; a stored other value stays visible. */}
            {[...new Set<string>([...offeredRecurrences, values.recurrence])].map((value) => (
              <option key={value} value={value}>
                {recurrenceLabel(value)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('language.companyLabel')}
            name="language"
            value={values.language}
            descriptiveText={t('language.companyHint')}
            onChange={(event) => set('language', event.target.value)}
          >
            {values.language === '' && <option value="">{t('common.none')}</option>}
            {languages.map((language) => (
              <option key={language} value={language}>
                {t(`language.${language}`)}
              </option>
            ))}
          </SelectField>
        </Grid>
      </ManagerForm>
      <ManagerTable
        title={t('companies.listTitle')}
        rows={companies.data}
        isLoading={companies.isLoading}
        columns={columns}
        selectedId={form.editingId}
        onEdit={form.select}
        onDelete={form.askDelete}
        rowLabel={(company) => company.name}
      />
      <ConfirmDialog {...form.confirmProps} />
    </Flex>
  );
}

export default CompaniesManager;
