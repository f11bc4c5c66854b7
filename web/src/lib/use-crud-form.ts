import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSchemaForm, type FormSchema, type SchemaFormOptions } from '../components/form/use-schema-form.ts';
import { t } from '../i18n/index.ts';
import { apiFieldErrors } from './form-validation.ts';
import { toast } from './toast.ts';

interface CrudFormOptions<TValues, TRecord extends { id: number }, TPayload> extends SchemaFormOptions<TValues> {
  empty(): TValues;
  fromRecord(record: TRecord): TValues;
  /** The route's body schema of `@atende/shared`: the form's rules and messages. */
  schema: FormSchema<TPayload>;
  save(id: number | undefined, payload: TPayload): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  /** core §8: the manager's own failure text (a duplicate name or wrong fields). */
  saveFailedMessage: string;
}

/**
 * The form-plus-table flow of the super-admin managers (core §8 texts): pick a row to edit, Limpiar
 * to start over, Guardar → '¡Operación realizada con éxito!', a delete confirmed with 'Deseja
 * realmente excluir esse registro?', failures as 'No fue posible realizar la operación…'. The
 * form is a schema form (components/form/use-schema-form.ts).
 */
export function useCrudForm<TValues extends FieldValues, TRecord extends { id: number }, TPayload>(
  options: CrudFormOptions<TValues, TRecord, TPayload>,
) {
  const schemaForm = useSchemaForm(options.schema, options.empty, { input: options.input });
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number } | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);

  const clear = () => {
    schemaForm.reset(options.empty());
    setEditingId(undefined);
  };

  return {
    values: schemaForm.values,
    errors: schemaForm.errors,
    editingId,
    saving,
    set: schemaForm.set,
    field: schemaForm.field,
    toggle: schemaForm.toggle,
    select(record: TRecord) {
      schemaForm.reset(options.fromRecord(record));
      setEditingId(record.id);
    },
    clear,
    submit: schemaForm.submit(
      async (payload) => {
        await options.save(editingId, payload);
        toast.success(t('common.operationDone'));
        clear();
      },
      {
        onPending: setSaving,
        onError(error) {
          console.error(error);
          const fieldErrors = apiFieldErrors(error);
          if (fieldErrors) schemaForm.setErrors(fieldErrors);
          toast.error(options.saveFailedMessage);
        },
      },
    ),
    askDelete(record: { id: number }) {
      setToDelete(record);
    },
    confirmProps: {
      open: toDelete !== undefined,
      isLoading: deleting,
      onClose: () => setToDelete(undefined),
      onConfirm: () => {
        if (!toDelete) return;
        setDeleting(true);
        options
          .remove(toDelete.id)
          .then(() => {
            toast.success(t('common.operationDone'));
            if (editingId === toDelete.id) clear();
          })
          .catch((error: unknown) => {
            console.error(error);
            toast.error(t('common.operationFailed'));
          })
          .finally(() => {
            setDeleting(false);
            setToDelete(undefined);
          });
      },
    },
  };
}
