import { Flex, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { defaultTagColour, queueColourPalette } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { tagCreateInputSchema } from '@atende/shared/entities/tag';
import { ColourChip, ColourSwatch, FormDialog, FieldGroup } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { canManageKanban } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveTag } from '../api/save-tag.ts';
import type { Tag } from '../api/types.ts';
import { emptyTagForm, isHexColour, tagFormInput, tagFormOf, type TagFormValues } from '../tag-form.ts';

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
  const { values, set, field, toggle, submit } = useSchemaForm(
    tagCreateInputSchema,
    (): TagFormValues => (tag ? tagFormOf(tag) : emptyTagForm()),
    { input: tagFormInput },
  );
  const saveTag = useSaveTag();
  const kanbanAllowed = canManageKanban(user?.profile);

  const handleSubmit = submit(async ({ name, color, kanban }) => {
    await saveTag.mutateAsync({ id: tag?.id, payload: { name, color, kanban } });
    toast.success(t('tags.modal.saved'));
    onClose();
  });

  const colour = isHexColour(values.color) ? values.color : defaultTagColour;
  return (
    <FormDialog
      size="small"
      title={tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')}
      onClose={onClose}
      isSaving={saveTag.isPending}
      onSubmit={handleSubmit}
    >
      <TextField label={t('tags.modal.name')} {...field('name')} autoComplete="off" />
      <FieldGroup legend={t('tags.modal.color')}>
        <div className="colour-swatches" role="radiogroup" aria-label={t('tags.modal.color')}>
          {swatches.map((swatch) => (
            <ColourSwatch
              key={swatch}
              colour={swatch}
              selected={swatch.toLowerCase() === values.color.toLowerCase()}
              label={t('tags.modal.colorPick', { color: swatch })}
              onPick={(picked) => set('color', picked)}
            />
          ))}
          <label className="colour-swatch colour-swatch--custom" title={t('tags.modal.colorCustom')}>
            <span className="visually-hidden">{t('tags.modal.colorCustom')}</span>
            <input type="color" value={colour} onChange={(event) => set('color', event.target.value)} />
          </label>
        </div>
        <Flex alignItems="center" gap="small" className="tag-preview">
          <Text as="span" fontSize="small" color="font.secondary">
            {t('tags.modal.preview')}
          </Text>
          <ColourChip colour={colour}>{values.name.trim() || t('tags.modal.name')}</ColourChip>
          <Text as="span" fontSize="small" color="font.tertiary" className="tag-preview__hex">
            {colour}
          </Text>
        </Flex>
      </FieldGroup>
      {kanbanAllowed && (
        <SwitchField
          label={t('tags.modal.kanban')}
          labelPosition="end"
          {...toggle('kanban')}
          descriptiveText={t('tags.modal.kanbanHint')}
        />
      )}
    </FormDialog>
  );
}
