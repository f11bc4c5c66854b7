import { Flex, Grid, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { helpCreateInputSchema } from '@atende/shared/entities/help';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ManagerForm, ManagerTable, type ManagerColumn } from '../../../components/ManagerLayout.tsx';
import { t } from '../../../i18n/index.ts';
import { useCrudForm } from '../../../lib/use-crud-form.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { useDeleteHelp } from '../api/delete-help.ts';
import { useHelps, type Help } from '../api/get-helps.ts';
import { useSaveHelp } from '../api/save-help.ts';
import { emptyHelpForm, helpFormInput, helpFormOf } from '../help-form.ts';

/** The Ayuda tab (super users): the help-video form and table. */
export function HelpsManager() {
  const helps = useHelps();
  const saveHelp = useSaveHelp();
  const deleteHelp = useDeleteHelp();
  useLoadErrorToast(helps, t('common.loadListFailed'));

  const form = useCrudForm({
    empty: emptyHelpForm,
    fromRecord: helpFormOf,
    schema: helpCreateInputSchema,
    input: helpFormInput,
    save: (id, payload) => saveHelp.mutateAsync({ id, payload }),
    remove: (id) => deleteHelp.mutateAsync(id),
    saveFailedMessage: t('helps.saveFailed'),
  });
  const { values, errors, set, field } = form;

  const columns: ManagerColumn<Help>[] = [
    { header: t('helps.fieldTitle'), cell: (help) => help.title },
    { header: t('helps.fieldVideo'), cell: (help) => <code>{help.video}</code> },
    { header: t('helps.fieldDescription'), cell: (help) => help.description },
  ];

  return (
    <Flex direction="column" gap="medium">
      <ManagerForm
        title={t('helps.formTitle')}
        editing={form.editingId !== undefined}
        saving={form.saving}
        onSubmit={(event) => void form.submit(event)}
        onClear={form.clear}
        onDelete={() => form.editingId !== undefined && form.askDelete({ id: form.editingId })}
        testId="help-form"
      >
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
          <TextField
            label={t('helps.fieldTitle')}
            {...field('title')}
          />
          <TextField
            label={t('helps.fieldVideo')}
            name="video"
            value={values.video}
            descriptiveText={t('helps.fieldVideoHint')}
            onChange={(event) => set('video', event.target.value)}
            hasError={!!errors.video}
            errorMessage={errors.video}
          />
        </Grid>
        <TextAreaField
          label={t('helps.fieldDescription')}
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </ManagerForm>
      <ManagerTable
        title={t('helps.listTitle')}
        rows={helps.data}
        isLoading={helps.isLoading}
        columns={columns}
        selectedId={form.editingId}
        onEdit={form.select}
        onDelete={form.askDelete}
        rowLabel={(help) => help.title}
      />
      <ConfirmDialog {...form.confirmProps} />
    </Flex>
  );
}

export default HelpsManager;
