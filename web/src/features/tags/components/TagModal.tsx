import { useId, useState, type FormEvent } from 'react';
import { Button, Flex, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { defaultTagColour, queueColourPalette } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { apiFieldErrors, type FieldErrors } from '../../../lib/form-validation.ts';
import { canManageKanban } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSaveTag } from '../api/save-tag.ts';
import type { Tag } from '../api/types.ts';
import {
  checkTagForm,
  emptyTagForm,
  isHexColour,
  tagFormOf,
  textOnColour,
  type TagFormValues,
} from '../tag-form.ts';

/** One shade (500) of each hue family of the product's palette, plus the default grey. */
const swatchShades = new Set([
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cddc39',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#795548',
  '#607d8b',
  defaultTagColour,
]);
const swatches = queueColourPalette.filter((colour) => swatchShades.has(colour));

interface TagModalProps {
  /** The tag to edit; without it the dialog adds one. */
  tag?: Tag;
  onClose(): void;
}

/** extended §2.14: the tag dialog: name, colour and, for admins and supervisors, the kanban toggle. */
export function TagModal({ tag, onClose }: TagModalProps) {
  const { user } = useAuth();
  const formId = useId();
  const [values, setValues] = useState<TagFormValues>(() => (tag ? tagFormOf(tag) : emptyTagForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const saveTag = useSaveTag();
  const kanbanAllowed = canManageKanban(user?.profile);

  const set = <K extends keyof TagFormValues>(field: K, value: TagFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkTagForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await saveTag.mutateAsync({ id: tag?.id, payload: checked.data });
      toast.success(t('tags.modal.saved'));
      onClose();
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastError(error);
    }
  }

  const colour = isHexColour(values.color) ? values.color : defaultTagColour;
  return (
    <Modal
      open
      size="small"
      title={tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variation="primary"
            isLoading={saveTag.isPending}
            loadingText={t('common.saving')}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Flex
        as="form"
        id={formId}
        direction="column"
        gap="medium"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
      >
        <TextField
          label={t('tags.modal.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          hasError={!!errors.name}
          errorMessage={errors.name}
        />
        <Flex as="fieldset" direction="column" gap="xs" className="plain-fieldset">
          <Text as="legend" fontWeight="semibold" fontSize="small" className="plain-fieldset__legend">
            {t('tags.modal.color')}
          </Text>
          <div className="colour-swatches" role="radiogroup" aria-label={t('tags.modal.color')}>
            {swatches.map((swatch) => {
              const selected = swatch.toLowerCase() === values.color.toLowerCase();
              return (
                <button
                  key={swatch}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={t('tags.modal.colorPick', { color: swatch })}
                  title={swatch}
                  className="colour-swatch"
                  style={{ backgroundColor: swatch, color: textOnColour(swatch) }}
                  onClick={() => set('color', swatch)}
                >
                  {selected && <CheckIcon size={14} />}
                </button>
              );
            })}
            <label className="colour-swatch colour-swatch--custom" title={t('tags.modal.colorCustom')}>
              <span className="visually-hidden">{t('tags.modal.colorCustom')}</span>
              <input type="color" value={colour} onChange={(event) => set('color', event.target.value)} />
            </label>
          </div>
          <Flex alignItems="center" gap="small" className="tag-preview">
            <Text as="span" fontSize="small" color="font.secondary">
              {t('tags.modal.preview')}
            </Text>
            <span className="tag-chip" style={{ backgroundColor: colour, color: textOnColour(colour) }}>
              {values.name.trim() || t('tags.modal.name')}
            </span>
            <Text as="span" fontSize="small" color="font.tertiary" className="tag-preview__hex">
              {colour}
            </Text>
          </Flex>
        </Flex>
        {kanbanAllowed && (
          <SwitchField
            label={t('tags.modal.kanban')}
            name="kanban"
            labelPosition="end"
            isChecked={values.kanban}
            onChange={(event) => set('kanban', event.target.checked)}
            descriptiveText={t('tags.modal.kanbanHint')}
          />
        )}
      </Flex>
    </Modal>
  );
}
