import { useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Grid, Loader, Tabs, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { ColourChip, ColourSwatch, FormDialogFooter, FieldGroup } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { apiFieldErrors, type FieldErrors } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { queuesQueryKeys } from '../api/get-queues.ts';
import {
  createQueueOption,
  deleteQueueOption,
  getQueueOptionTree,
  updateQueueOption,
  useQueueOptionTree,
} from '../api/queue-options.ts';
import { useSaveQueue } from '../api/save-queue.ts';
import type { Queue, QueuePayload } from '../api/types.ts';
import {
  addDraftOption,
  changeDraftOption,
  checkDraftOptions,
  draftOf,
  emptyQueueForm,
  palette,
  planOptionSync,
  queueFormOf,
  queueFormSchema,
  removeDraftOption,
  runOptionSync,
  usedColours,
  type DraftOption,
  type QueueFormValues,
} from '../queue-form.ts';
import { QueueOptionsEditor } from './QueueOptionsEditor.tsx';
import { IntegrationSelect } from '../../queue-integrations/components/IntegrationSelect.tsx';
import { PromptSelect } from '../../prompts/components/PromptSelect.tsx';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';

interface QueueModalProps {
  /** The queue to edit; without it the dialog adds one. */
  queue?: Queue;
  /** The company's queues (colours already taken). */
  queues: readonly Queue[];
  onClose(): void;
}

type Tab = 'data' | 'hours';

/**
 * extended §2.13: the queue dialog. Datos: name, a colour of the 50-colour palette, greeting and
 * out-of-hours messages, order and the nested option tree; Horarios: the week's opening hours.
 * Saving writes the queue, then the option changes through /queue-options.
 */
export function QueueModal({ queue, queues, onClose }: QueueModalProps) {
  const optionTree = useQueueOptionTree(queue?.id);
  if (queue && !optionTree.data) {
    return (
      <Modal open size="large" title={t('queues.modal.editTitle')} onClose={onClose}>
        {optionTree.isError ? (
          <Text color="font.error">{t('toast.loadError')}</Text>
        ) : (
          <Flex alignItems="center" gap="small">
            <Loader />
            <Text fontSize="small">{t('queues.options.loading')}</Text>
          </Flex>
        )}
      </Modal>
    );
  }
  return <QueueDialog queue={queue} queues={queues} onClose={onClose} initialOptions={draftOf(optionTree.data)} />;
}

/** The dialog itself, opened with the queue's option tree already read. */
function QueueDialog({ queue, queues, onClose, initialOptions }: QueueModalProps & { initialOptions: DraftOption[] }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const saveQueue = useSaveQueue();
  const [savedId, setSavedId] = useState<number | undefined>(queue?.id);
  const { values, errors: formErrors, setErrors, set, field, submit } = useSchemaForm(
    queueFormSchema,
    (): QueueFormValues => (queue ? queueFormOf(queue) : emptyQueueForm()),
  );
  // The option tree is saved through its own routes: its messages are kept beside the form's.
  const [optionErrors, setOptionErrors] = useState<FieldErrors>({});
  const errors = { ...formErrors, ...optionErrors };
  const [tab, setTab] = useState<Tab>('data');
  const timeZone = useCompanyTimeZone();
  const [syncing, setSyncing] = useState(false);
  const [savedOptions, setSavedOptions] = useState<DraftOption[]>(initialOptions);
  const [options, setOptions] = useState<DraftOption[]>(initialOptions);
  const taken = useMemo(() => usedColours(queues, savedId), [queues, savedId]);

  const setTime = (index: number, field: 'startTime' | 'endTime', value: string) =>
    set(`schedules.${index}.${field}`, value);

  const clearOptionErrors = (key: string) =>
    setOptionErrors((current) => ({ ...current, [`${key}.title`]: undefined, [`${key}.option`]: undefined }));

  /** Shows the tab of the messages: Horarios when only the hours are refused. */
  const showTabOf = (messages: FieldErrors) =>
    setTab(Object.keys(messages).every((name) => name.startsWith('schedules')) ? 'hours' : 'data');

  /** Checks the option tree with the route's schema; false (and its messages shown) when refused. */
  const checkOptions = (messages: FieldErrors = {}) => {
    const refused = checkDraftOptions(options);
    setOptionErrors(refused);
    showTabOf({ ...messages, ...refused });
    return Object.keys(refused).length === 0;
  };

  async function save(payload: QueuePayload) {
    if (!checkOptions()) return;
    setSyncing(true);
    let queueSaved: number | undefined;
    try {
      const saved = await saveQueue.mutateAsync({ id: savedId, payload });
      // A retry after a failed option call updates the queue the first try created.
      queueSaved = saved.id;
      setSavedId(saved.id);
      await runOptionSync(saved.id, planOptionSync(savedOptions, options), {
        create: createQueueOption,
        update: updateQueueOption,
        remove: deleteQueueOption,
      });
      await queryClient.invalidateQueries({ queryKey: queuesQueryKeys.options(saved.id) });
      toast.success(t('queues.saved'));
      onClose();
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        showTabOf(fieldErrors);
      } else toastError(error);
      // The queue was saved and some option calls may have gone through: show the tree as the server has it.
      if (queueSaved !== undefined) {
        try {
          const fresh = draftOf(await getQueueOptionTree(queueSaved));
          setSavedOptions(fresh);
          setOptions(fresh);
        } catch {
          // The error above is already shown.
        }
      }
    } finally {
      setSyncing(false);
    }
  }

  const handleSubmit = submit(save, { onInvalid: (messages) => void checkOptions(messages) });

  const dataTab = (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Grid templateColumns={{ base: '1fr', medium: '2fr 1fr' }} gap="medium">
        <TextField
          label={t('queues.modal.name')}
          {...field('name')}
          autoComplete="off"
        />
        <TextField
          label={t('queues.modal.order')}
          {...field('orderQueue')}
          type="number"
          min={0}
          descriptiveText={t('queues.modal.orderHint')}
        />
      </Grid>
      <FieldGroup legend={t('queues.modal.color')}>
        <div className="queue-swatches" role="radiogroup" aria-label={t('queues.modal.color')}>
          {palette.map((swatch) => {
            const selected = swatch === values.color.trim().toLowerCase();
            const used = !selected && taken.has(swatch);
            return (
              <ColourSwatch
                key={swatch}
                colour={swatch}
                selected={selected}
                disabled={used}
                label={t(used ? 'queues.modal.colorUsed' : 'queues.modal.colorPick', { color: swatch })}
                onPick={(colour) => set('color', colour)}
              />
            );
          })}
        </div>
        <Flex alignItems="center" gap="small">
          {values.color ? (
            <ColourChip colour={values.color}>
              {values.name.trim() || t('queues.modal.name')} · {values.color}
            </ColourChip>
          ) : (
            <Text as="span" fontSize="small" color="font.tertiary">
              {t('queues.modal.colorNone')}
            </Text>
          )}
        </Flex>
        {errors.color && (
          <Text as="span" fontSize="small" color="font.error" role="alert">
            {errors.color}
          </Text>
        )}
      </FieldGroup>
      <TextAreaField
        label={t('queues.modal.greeting')}
        {...field('greetingMessage')}
        rows={3}
      />
      <TextAreaField
        label={t('queues.modal.outOfHours')}
        {...field('outOfHoursMessage')}
        rows={2}
      />
      <IntegrationSelect value={values.integrationId ?? ''} onChange={(value) => set('integrationId', value)} />
      <PromptSelect value={values.promptId ?? ''} onChange={(value) => set('promptId', value)} />
      <QueueOptionsEditor
        tree={options}
        errors={errors}
        onAdd={(parentKey) => setOptions((tree) => addDraftOption(tree, parentKey))}
        onChange={(key, changes) => {
          setOptions((tree) => changeDraftOption(tree, key, changes));
          clearOptionErrors(key);
        }}
        onRemove={(key) => setOptions((tree) => removeDraftOption(tree, key))}
      />
    </Flex>
  );

  const hoursTab = (
    <Flex direction="column" gap="small" paddingTop="medium">
      <Text color="font.secondary" fontSize="small">
        {t('queues.hours.hint')}
      </Text>
      <Text color="font.secondary" fontSize="small" data-testid="hours-time-zone">
        {t('companyTime.hoursNote', { timeZone })}
      </Text>
      {values.schedules.map((row, index) => (
        <Grid
          key={row.weekdayEn}
          templateColumns={{ base: '1fr 1fr', medium: '1.2fr 1fr 1fr' }}
          gap="small"
          alignItems="end"
          className="queue-hours-row"
          data-testid={`queue-hours-${row.weekdayEn}`}
        >
          <Text fontWeight="semibold" columnSpan={{ base: 2, medium: 1 }}>
            {t(`weekdays.${row.weekdayEn}` as MessageKey)}
          </Text>
          <TextField
            type="time"
            size="small"
            label={t('queues.hours.start')}
            aria-label={`${t(`weekdays.${row.weekdayEn}` as MessageKey)} · ${t('queues.hours.start')}`}
            value={row.startTime}
            onChange={(event) => setTime(index, 'startTime', event.target.value)}
            hasError={!!errors[`schedules.${index}.startTime`]}
            errorMessage={errors[`schedules.${index}.startTime`]}
          />
          <TextField
            type="time"
            size="small"
            label={t('queues.hours.end')}
            aria-label={`${t(`weekdays.${row.weekdayEn}` as MessageKey)} · ${t('queues.hours.end')}`}
            value={row.endTime}
            onChange={(event) => setTime(index, 'endTime', event.target.value)}
            hasError={!!errors[`schedules.${index}.endTime`]}
            errorMessage={errors[`schedules.${index}.endTime`]}
          />
        </Grid>
      ))}
    </Flex>
  );

  const busy = saveQueue.isPending || syncing;
  return (
    <Modal
      open
      size="large"
      title={queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} onCancel={onClose} isSaving={busy} />}
    >
      {/* The tab buttons stay outside the form, so switching tabs never submits it. */}
      <Tabs.Container value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List>
          <Tabs.Item value="data">{t('queues.modal.tabData')}</Tabs.Item>
          <Tabs.Item value="hours">{t('queues.modal.tabHours')}</Tabs.Item>
        </Tabs.List>
        <form id={formId} noValidate onSubmit={handleSubmit} data-testid="queue-form">
          <Tabs.Panel value="data">{dataTab}</Tabs.Panel>
          <Tabs.Panel value="hours">{hoursTab}</Tabs.Panel>
        </form>
      </Tabs.Container>
    </Modal>
  );
}
