import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, SelectField, Tabs, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { campaignMessageSlots } from '@atende/shared/constants';
import { isCampaignEditable } from '@atende/shared/entities/campaign';
import { instantOfWall, wallInputOf } from '@atende/shared/wall-clock';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { CompanyDateTimeField } from '../../settings/components/CompanyDateTimeField.tsx';
import { RecordOptions } from '../../../components/FormDialog.tsx';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';
import { useTagOptions } from '../../tags/api/get-tags.ts';
import { useCampaignMutations, type CampaignRecord } from '../api/campaigns.ts';

const slots = Array.from({ length: campaignMessageSlots }, (_, i) => i + 1);

type Form = Record<string, string>;

function formOf(record: CampaignRecord | undefined): Form {
  const form: Form = {
    name: record?.name ?? '',
    confirmation: record?.confirmation ? 'true' : 'false',
    contactListId: record?.contactListId ? String(record.contactListId) : '',
    tagListId: record?.tagListId ? String(record.tagListId) : '',
    whatsappId: record?.whatsappId ? String(record.whatsappId) : '',
    fileListId: record?.fileListId ? String(record.fileListId) : '',
    // The instant (ISO); the field shows and takes it on the company's wall clock.
    scheduledAt: record?.scheduledAt ?? '',
  };
  for (const slot of slots) {
    form[`message${slot}`] = record?.[`message${slot}`] ?? '';
    form[`confirmationMessage${slot}`] = record?.[`confirmationMessage${slot}`] ?? '';
  }
  return form;
}

/** Empty values go as null (extended §5); the schedule as an instant (typed in the company's zone). */
function payloadOf(form: Form): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) payload[key] = value === '' ? null : value;
  payload.name = form.name;
  payload.confirmation = form.confirmation === 'true';
  payload.scheduledAt = form.scheduledAt || null;
  return payload;
}

/** extended §2.3 Campaign dialog: the fields, five message tabs, the file, cancel and restart. */
export function CampaignDialog({ record, onClose }: { record?: CampaignRecord; onClose(): void }) {
  const [form, setForm] = useState<Form>(() => formOf(record));
  const [tab, setTab] = useState('1');
  const mutations = useCampaignMutations();
  const timeZone = useCompanyTimeZone();
  const whatsapps = useWhatsapps();
  const tags = useTagOptions();
  const lists = useQuery({
    queryKey: ['contact-lists', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ id: number; name: string }[]>('/contact-lists/list', undefined, signal),
  });
  const files = useQuery({
    queryKey: ['files', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ files: { id: number; name: string }[] }>(
        '/files',
        { pageNumber: 1, searchParam: '' },
        signal,
      ),
  });
  const editable = !record || isCampaignEditable(record, new Date());
  const set = (key: string) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const title = !record
    ? t('campaigns.dialog.new')
    : editable
      ? t('campaigns.dialog.edit')
      : t('campaigns.dialog.readOnly');

  const submit = async () => {
    try {
      await mutations.save.mutateAsync({ id: record?.id, payload: payloadOf(form) });
      toast.success(t('campaigns.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  const act = async (action: 'cancel' | 'restart') => {
    if (!record) return;
    try {
      await mutations[action].mutateAsync(record.id);
      toast.success(t(action === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  const attach = async (file: File | undefined) => {
    if (!record || !file) return;
    try {
      await mutations.upload.mutateAsync({ id: record.id, file });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Modal
      open
      size="large"
      title={title}
      onClose={onClose}
      footer={
        <>
          {record?.status === 'CANCELADA' && (
            <Button onClick={() => void act('restart')}>{t('campaigns.restart')}</Button>
          )}
          {record?.status === 'EM_ANDAMENTO' && (
            <Button onClick={() => void act('cancel')}>{t('campaigns.cancel')}</Button>
          )}
          {record && editable && !record.mediaName && (
            <label className="amplify-button">
              {t('campaigns.attach')}
              <input
                type="file"
                hidden
                data-testid="campaign-file"
                onChange={(e) => void attach(e.target.files?.[0])}
              />
            </label>
          )}
          {record?.mediaName && editable && (
            <Button
              variation="link"
              onClick={() => void mutations.removeMedia.mutateAsync(record.id).catch(toastError)}
            >
              {t('campaigns.removeFile', { name: record.mediaName })}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
          {editable && (
            <Button variation="primary" onClick={() => void submit()} isLoading={mutations.save.isPending}>
              {t('common.save')}
            </Button>
          )}
        </>
      }
    >
      <Flex direction="column" gap="small">
        <TextField
          label={t('campaigns.columns.name')}
          name="name"
          value={form.name}
          onChange={set('name')}
          isDisabled={!editable}
        />
        <Flex wrap="wrap" gap="small">
          <SelectField
            label={t('campaigns.columns.confirmation')}
            name="confirmation"
            value={form.confirmation}
            onChange={set('confirmation')}
            isDisabled={!editable}
          >
            <option value="false">{t('campaigns.disabled')}</option>
            <option value="true">{t('campaigns.enabled')}</option>
          </SelectField>
          <SelectField
            label={t('campaigns.columns.contactList')}
            name="contactListId"
            value={form.contactListId}
            onChange={set('contactListId')}
            isDisabled={!editable}
          >
            <option value="">{t('common.none')}</option>
            <RecordOptions records={lists.data} />
          </SelectField>
          <SelectField
            label={t('campaigns.tagList')}
            name="tagListId"
            value={form.tagListId}
            onChange={set('tagListId')}
            isDisabled={!editable}
          >
            <option value="">{t('common.none')}</option>
            <RecordOptions records={tags.data} />
          </SelectField>
          <SelectField
            label={t('campaigns.columns.whatsapp')}
            name="whatsappId"
            value={form.whatsappId}
            onChange={set('whatsappId')}
            isDisabled={!editable}
          >
            <option value="">{t('common.none')}</option>
            <RecordOptions records={whatsapps.data} />
          </SelectField>
          <SelectField
            label={t('campaigns.fileList')}
            name="fileListId"
            value={form.fileListId}
            onChange={set('fileListId')}
            isDisabled={!editable}
          >
            <option value="">{t('campaigns.noFileList')}</option>
            <RecordOptions records={files.data?.files} />
          </SelectField>
          <CompanyDateTimeField
            label={t('campaigns.columns.scheduledAt')}
            name="scheduledAt"
            value={form.scheduledAt ? wallInputOf(form.scheduledAt, timeZone) : ''}
            onChange={(value) =>
              setForm({ ...form, scheduledAt: value ? (instantOfWall(value, timeZone) ?? '') : '' })
            }
            timeZone={timeZone}
            isDisabled={!editable}
          />
        </Flex>
        <Tabs
          value={tab}
          onValueChange={setTab}
          items={slots.map((slot) => ({
            label: t('campaigns.messageTab', { n: slot }),
            value: String(slot),
            content: (
              <Flex direction="column" gap="small" paddingTop="small">
                <TextAreaField
                  label={t('campaigns.message')}
                  name={`message${slot}`}
                  rows={4}
                  descriptiveText={t('campaigns.messageHint')}
                  value={form[`message${slot}`]}
                  onChange={set(`message${slot}`)}
                  isDisabled={!editable && record?.status !== 'CANCELADA'}
                />
                {form.confirmation === 'true' && (
                  <TextAreaField
                    label={t('campaigns.confirmationMessage')}
                    name={`confirmationMessage${slot}`}
                    rows={3}
                    value={form[`confirmationMessage${slot}`]}
                    onChange={set(`confirmationMessage${slot}`)}
                    isDisabled={!editable && record?.status !== 'CANCELADA'}
                  />
                )}
              </Flex>
            ),
          }))}
        />
      </Flex>
    </Modal>
  );
}
