import { useState, type FormEvent } from 'react';
import { t } from '../i18n/index.ts';
import { apiFieldErrors, type FieldErrors, type FormCheck } from './form-validation.ts';
import { toast } from './toast.ts';

interface CrudFormOptions<TValues, TRecord extends { id: number }, TPayload> {
  empty(): TValues;
  fromRecord(record: TRecord): TValues;
  check(values: TValues): FormCheck<TPayload>;
  save(id: number | undefined, payload: TPayload): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  /** core §8: the manager's own failure text (a duplicate name or wrong fields). */
  saveFailedMessage: string;
}

/**
 * The form-plus-table flow of the super-admin managers (core §8 texts): pick a row to edit, Limpiar
 * to start over, Guardar → 'Operação realizada com sucesso!', a delete confirmed with 'Deseja
 * realmente excluir esse registro?', failures as 'Não foi possível realizar a operação…'.
 */
export function useCrudForm<TValues, TRecord extends { id: number }, TPayload>(
  options: CrudFormOptions<TValues, TRecord, TPayload>,
) {
  const [values, setValues] = useState<TValues>(options.empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number } | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);

  const clear = () => {
    setValues(options.empty());
    setErrors({});
    setEditingId(undefined);
  };

  return {
    values,
    errors,
    editingId,
    saving,
    set<K extends keyof TValues>(field: K, value: TValues[K]) {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field as string]: undefined }));
    },
    select(record: TRecord) {
      setValues(options.fromRecord(record));
      setErrors({});
      setEditingId(record.id);
    },
    clear,
    async submit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const checked = options.check(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setSaving(true);
      try {
        await options.save(editingId, checked.data);
        toast.success(t('common.operationDone'));
        clear();
      } catch (error) {
        console.error(error);
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        toast.error(options.saveFailedMessage);
      } finally {
        setSaving(false);
      }
    },
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
