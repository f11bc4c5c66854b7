import { useRef } from 'react';
import { Button, Flex, Link, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { DialogForm, RecordFormDialog, FieldGroup } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { PaperclipIcon, PlusIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useFileList } from '../api/get-file-lists.ts';
import { useSaveFileList } from '../api/save-file-list.ts';
import type { FileList } from '../api/types.ts';
import {
  emptyFileListForm,
  emptyOptionRow,
  fileListFormOf,
  fileListFormSchema,
  type FileListFormValues,
  type FileListOptionRow,
} from '../file-list-form.ts';

interface FileListModalProps {
  /** The list to edit; none adds one. */
  id?: number;
  onClose(): void;
}

/** extended §2.10: the dialog (name, message, repeatable options each with a name and a file). */
export function FileListModal({ id, onClose }: FileListModalProps) {
  const existing = useFileList(id);
  const ready = id === undefined || existing.isSuccess;
  return (
    <RecordFormDialog
      open
      size="large"
      title={id === undefined ? t('files.modal.addTitle') : t('files.modal.editTitle')}
      onClose={onClose}
      ready={ready}
    >
      {({ formId, onPendingChange }) => (
        <FileListForm
          formId={formId}
          record={id === undefined ? undefined : existing.data}
          onPendingChange={onPendingChange}
          onSaved={onClose}
        />
      )}
    </RecordFormDialog>
  );
}

interface FileListFormProps {
  formId: string;
  record?: FileList;
  onPendingChange(pending: boolean): void;
  onSaved(): void;
}

function FileListForm({ formId, record, onPendingChange, onSaved }: FileListFormProps) {
  const { user } = useAuth();
  const save = useSaveFileList();
  const { form, values, errors, set, field, submit } = useSchemaForm(
    fileListFormSchema,
    (): FileListFormValues => (record ? fileListFormOf(record) : emptyFileListForm()),
  );

  const changeRow = (index: number, change: Partial<FileListOptionRow>) => {
    if (change.name !== undefined) set(`options.${index}.name`, change.name);
    if (change.file !== undefined) form.setValue(`options.${index}.file`, change.file, { shouldDirty: true });
  };
  const addRow = () => form.setValue('options', [...values.options, emptyOptionRow()], { shouldDirty: true });
  const removeRow = (index: number) => {
    form.setValue(
      'options',
      values.options.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
    // Messages follow their rows: drop the option messages rather than show them on the wrong row.
    form.clearErrors('options');
  };

  const handleSubmit = submit(
    async ({ payload, files }) => {
      await save.mutateAsync({ id: record?.id, payload: { ...payload, userId: user?.id }, files });
      toast.success(t('files.saved'));
      onSaved();
    },
    { onPending: onPendingChange },
  );

  return (
    <DialogForm id={formId} onSubmit={handleSubmit}>
      <TextField label={t('files.modal.name')} {...field('name')} autoComplete="off" />
      <TextAreaField label={t('files.modal.message')} {...field('message')} rows={5} />
      <FieldGroup legend={t('files.modal.options')} gap="small">
        {values.options.length === 0 && (
          <Text as="span" color="font.tertiary" fontSize="small">
            {t('files.modal.noOptions')}
          </Text>
        )}
        {values.options.map((row, index) => (
          <OptionRow
            key={row.key}
            row={row}
            index={index}
            error={errors[`options.${index}.name`]}
            onChange={(change) => changeRow(index, change)}
            onRemove={() => removeRow(index)}
          />
        ))}
        <div>
          <Button size="small" gap="xs" onClick={addRow}>
            <PlusIcon size={16} />
            {t('files.modal.addOption')}
          </Button>
        </div>
      </FieldGroup>
    </DialogForm>
  );
}

interface OptionRowProps {
  row: FileListOptionRow;
  index: number;
  error: string | undefined;
  onChange(change: Partial<FileListOptionRow>): void;
  onRemove(): void;
}

/** One option: its name, its file (the stored one as a link, or the one just chosen) and removal. */
function OptionRow({ row, index, error, onChange, onRemove }: OptionRowProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const n = index + 1;
  const hasFile = Boolean(row.file || row.path);
  return (
    <Flex direction="column" gap="xs" className="file-list-option" data-testid={`file-list-option-${index}`}>
      <Flex alignItems="flex-end" gap="xs">
        <TextField
          flex="1"
          label={t('files.modal.optionName', { n })}
          name={`options.${index}.name`}
          value={row.name}
          onChange={(event) => onChange({ name: event.target.value })}
          hasError={!!error}
          errorMessage={error}
          autoComplete="off"
        />
        <Button
          variation="link"
          className="icon-button icon-button--danger"
          ariaLabel={t('files.modal.removeOption', { n })}
          title={t('files.modal.removeOption', { n })}
          onClick={onRemove}
        >
          <TrashIcon size={18} />
        </Button>
      </Flex>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label={t('files.modal.optionFile', { n })}
        data-testid={`file-list-option-file-${index}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChange({ file: chosen });
          event.target.value = '';
        }}
      />
      <Flex alignItems="center" gap="xs">
        <PaperclipIcon size={16} />
        <Text
          as="span"
          fontSize="small"
          className="file-list-option__file"
          data-testid={`file-list-option-name-${index}`}
        >
          {row.file ? (
            row.file.name
          ) : row.path && row.url ? (
            <Link href={row.url} isExternal>
              {row.path}
            </Link>
          ) : (
            (row.path ?? t('files.modal.noFile'))
          )}
        </Text>
        <Button size="small" onClick={() => fileInput.current?.click()}>
          {hasFile ? t('files.modal.changeFile') : t('files.modal.chooseFile')}
        </Button>
      </Flex>
    </Flex>
  );
}
