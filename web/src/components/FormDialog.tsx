import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, CheckboxField, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';
import { textOnColour } from '../lib/colour.ts';
import { toast } from '../lib/toast.ts';
import { CheckIcon, CloseIcon, PaperclipIcon } from './icons/feature-icons.tsx';
import { Modal } from './Modal.tsx';
import { IconButton } from './IconButton.tsx';
import './colour.css';
import './attachment-field.css';

/*
 * The dialogs' form kit: the footer (Cancelar, Guardar), the dialog around one form, a record's
 * one attachment, the options of a record select, and the colour pieces of the records that have
 * one (chips, swatches, dotted checkboxes).
 * One module on purpose: the screens load it as one chunk, and the entry's preload map names one
 * file instead of one per piece. A form's values and messages: components/form/use-schema-form.ts.
 */

interface FormDialogFooterProps {
  /** The id of the form the Save button submits. */
  formId: string;
  onCancel(): void;
  isSaving: boolean;
  /** Save waits (the record is still loading). */
  isDisabled?: boolean;
}

/** A form dialog's footer: Cancelar, and Guardar submitting the dialog's form. */
export function FormDialogFooter({ formId, onCancel, isSaving, isDisabled }: FormDialogFooterProps) {
  return (
    <>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button
        type="submit"
        form={formId}
        variation="primary"
        isLoading={isSaving}
        loadingText={t('common.saving')}
        isDisabled={isDisabled}
      >
        {t('common.save')}
      </Button>
    </>
  );
}

interface DialogFormProps {
  /** The id the dialog's Guardar button submits. */
  id: string;
  gap?: 'medium' | 'large';
  className?: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The fields, in a column. */
  children: ReactNode;
}

/** A dialog's form element: its fields in a column, checked by the app (no browser validation). */
export function DialogForm({ id, gap = 'medium', className, onSubmit, children }: DialogFormProps) {
  return (
    <Flex as="form" id={id} direction="column" gap={gap} noValidate className={className} onSubmit={onSubmit}>
      {children}
    </Flex>
  );
}

interface FieldGroupProps {
  /** The group's name, shown as its legend. */
  legend: ReactNode;
  gap?: 'xxs' | 'xs' | 'small';
  /** Classes beside `plain-fieldset`. */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** Fields that go together under a legend (a colour picker, checkboxes, rows, an attachment). */
export function FieldGroup({ legend, gap = 'xs', className, testId, children }: FieldGroupProps) {
  return (
    <Flex
      as="fieldset"
      direction="column"
      gap={gap}
      className={className ? `plain-fieldset ${className}` : 'plain-fieldset'}
      data-testid={testId}
    >
      <Text as="legend" fontWeight="semibold" fontSize="small" className="plain-fieldset__legend">
        {legend}
      </Text>
      {children}
    </Flex>
  );
}

interface FormDialogProps {
  title: string;
  size?: 'small' | 'medium' | 'large';
  onClose(): void;
  isSaving: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The form's fields, in a column. */
  children: ReactNode;
}

/** An open dialog around one form: the fields, then Cancelar and Guardar (which submits it). */
export function FormDialog({ title, size, onClose, isSaving, onSubmit, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} onCancel={onClose} isSaving={isSaving} />}
    >
      <DialogForm id={formId} onSubmit={onSubmit}>
        {children}
      </DialogForm>
    </Modal>
  );
}

interface RecordFormDialogProps {
  open: boolean;
  title: string;
  size?: 'small' | 'medium' | 'large';
  onClose(): void;
  /** The record to edit has loaded (or there is none: the dialog adds one). */
  ready: boolean;
  /** The form, given the id its element carries and where it reports a save in progress. */
  children(form: { formId: string; onPendingChange(pending: boolean): void }): ReactNode;
}

/**
 * A dialog around a form of its own component (users, connections, contacts): a loader until the
 * record to edit has loaded, then the form; Guardar submits it and waits for its save.
 */
export function RecordFormDialog({ open, title, size, onClose, ready, children }: RecordFormDialogProps) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} onCancel={onClose} isSaving={pending} isDisabled={!ready} />}
    >
      {ready ? (
        children({ formId, onPendingChange: setPending })
      ) : (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" />
        </Flex>
      )}
    </Modal>
  );
}

/** A name on its colour (a tag, a queue), in a readable text colour. */
export function ColourChip({
  colour,
  as: Element = 'span',
  className,
  children,
}: {
  colour: string;
  as?: 'span' | 'li';
  /** Classes beside `colour-chip`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Element
      className={className ? `colour-chip ${className}` : 'colour-chip'}
      style={{ backgroundColor: colour, color: textOnColour(colour) }}
    >
      {children}
    </Element>
  );
}

interface ColourSwatchProps {
  colour: string;
  selected: boolean;
  /** The swatch's accessible name. */
  label: string;
  /** A colour that cannot be picked (another record has it). */
  disabled?: boolean;
  onPick(colour: string): void;
}

/** One round swatch of a colour picker's radio group; the picked one shows a tick. */
export function ColourSwatch({ colour, selected, label, disabled, onPick }: ColourSwatchProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-disabled={disabled}
      disabled={disabled}
      aria-label={label}
      title={colour}
      className="colour-swatch"
      style={{ backgroundColor: colour, color: textOnColour(colour) }}
      onClick={() => onPick(colour)}
    >
      {selected && <CheckIcon size={14} />}
    </button>
  );
}

interface ColourCheckboxesProps {
  /** The checkboxes' field name. */
  name: string;
  options: readonly { id: number; name: string; color: string }[];
  /** The options are still loading: a small loader instead. */
  isLoading: boolean;
  /** What shows when there are no options. */
  empty: ReactNode;
  /** The ids ticked. */
  selected: readonly number[];
  onChange(ids: number[]): void;
}

/** Records with a colour (queues) as checkboxes, each with its colour dot. */
export function ColourCheckboxes({
  name,
  options,
  isLoading,
  empty,
  selected,
  onChange,
}: ColourCheckboxesProps) {
  if (isLoading) return <Loader size="small" />;
  if (options.length === 0) return empty;
  return (
    <Flex wrap="wrap" gap="small">
      {options.map((option) => (
        <CheckboxField
          key={option.id}
          name={name}
          value={String(option.id)}
          label={
            <Flex as="span" alignItems="center" gap="xxs">
              <span className="queue-dot" style={{ backgroundColor: option.color }} aria-hidden="true" />
              {option.name}
            </Flex>
          }
          checked={selected.includes(option.id)}
          onChange={(event) =>
            onChange(
              event.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id),
            )
          }
        />
      ))}
    </Flex>
  );
}

/**
 * What a record's one attachment shows and saves: the chosen file's name, else the stored one's
 * unless it was removed; the stored file is removed only if there was one.
 */
export function attachmentOf(storedName: string, chosen: File | undefined, removed: boolean) {
  return { name: chosen?.name ?? (removed ? '' : storedName), removeStored: removed && !!storedName };
}

/** A record's one attachment in its dialog: a file chosen, or the stored one removed. */
export function useAttachment(storedName: string) {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [removed, setRemoved] = useState(false);
  return {
    file,
    ...attachmentOf(storedName, file, removed),
    choose: (chosen: File) => setFile(chosen),
    /** Takes off the chosen file, else the stored one. */
    remove: () => (file ? setFile(undefined) : setRemoved(true)),
  };
}

interface AttachmentFieldProps {
  legend: string;
  /** The attachment's name; '' shows the attach button. */
  name: string;
  attachLabel: string;
  removeLabel: string;
  /** The hidden file input's test id. */
  testId: string;
  /** The file input's `accept` (the picker's filter). */
  accept?: string;
  /** A file the record cannot take: `refusedText` in a toast, and nothing changes. */
  refuses?(file: File): boolean;
  refusedText?: string;
  /** Only shown: neither attach nor remove. */
  isReadOnly?: boolean;
  onChoose(file: File): void;
  onRemove(): void;
}

/** A record's one attachment under its legend: its name with a remove button, or an attach button. */
export function AttachmentField({
  legend,
  name,
  attachLabel,
  removeLabel,
  testId,
  accept,
  refuses,
  refusedText,
  isReadOnly = false,
  onChoose,
  onRemove,
}: AttachmentFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <FieldGroup legend={legend}>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          if (refuses?.(chosen)) toast.error(refusedText ?? '');
          else onChoose(chosen);
        }}
      />
      {name ? (
        <Flex alignItems="center" gap="xs" className="attachment-chip">
          <PaperclipIcon size={16} />
          <Text as="span" fontSize="small" className="attachment-chip__name">
            {name}
          </Text>
          {!isReadOnly && (
            <IconButton label={removeLabel} danger onClick={onRemove}>
              <CloseIcon size={16} />
            </IconButton>
          )}
        </Flex>
      ) : (
        !isReadOnly && (
          <div>
            <Button size="small" gap="xs" onClick={() => fileInput.current?.click()}>
              <PaperclipIcon size={16} />
              {attachLabel}
            </Button>
          </div>
        )
      )}
    </FieldGroup>
  );
}

/** The options of a select of records, by id, each showing its name. */
export function RecordOptions({ records }: { records: readonly { id: number; name: string }[] | undefined }) {
  return (
    <>
      {(records ?? []).map((record) => (
        <option key={record.id} value={record.id}>
          {record.name}
        </option>
      ))}
    </>
  );
}
