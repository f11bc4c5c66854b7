import { useState } from 'react';
import {
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@aws-amplify/ui-react';
import {
  campaignGreaterIntervalOptions,
  campaignLongerIntervalAfterOptions,
  campaignMessageIntervalOptions,
} from '@atende/shared/constants';
import type { CampaignSettings } from '@atende/shared/entities/campaign-settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useCampaignSettings, useSaveCampaignSettings } from '../api/campaign-settings.ts';
import { ScreenPage } from '../../../components/ScreenPage.tsx';

type IntervalKey = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

const intervalFields: { key: IntervalKey; options: readonly number[] }[] = [
  { key: 'messageInterval', options: campaignMessageIntervalOptions },
  { key: 'longerIntervalAfter', options: campaignLongerIntervalAfterOptions },
  { key: 'greaterInterval', options: campaignGreaterIntervalOptions },
];

function optionLabel(key: IntervalKey, value: number): string {
  if (key === 'longerIntervalAfter')
    return value === 0
      ? t('campaigns.config.notDefined')
      : tCount('campaigns.config.afterMessages', value, { n: value });
  return tCount('campaigns.config.seconds', value, { n: value });
}

/** extended §2.5 Campaign settings: the three intervals, the shortcut variables and a save button. */
export function CampaignSettingsPage() {
  const loaded = useCampaignSettings();
  if (!loaded.data) return <Loader size="large" />;
  return <CampaignSettingsForm initial={loaded.data} />;
}

function CampaignSettingsForm({ initial }: { initial: CampaignSettings }) {
  const save = useSaveCampaignSettings();
  const [form, setForm] = useState<CampaignSettings>(initial);
  const [shortcut, setShortcut] = useState('');
  const [content, setContent] = useState('');
  const [removing, setRemoving] = useState<string | undefined>(undefined);

  const addVariable = () => {
    const key = shortcut.trim();
    // A shortcut that already exists is not added twice (extended §5).
    if (!key || form.variables.some((variable) => variable.key === key)) return;
    setForm({ ...form, variables: [...form.variables, { key, value: content }] });
    setShortcut('');
    setContent('');
  };

  const submit = async () => {
    try {
      await save.mutateAsync(form);
      toast.success(t('campaigns.config.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ScreenPage titleKey="screens.campaignsConfig" className="screen" testId="campaign-settings">
      <Card variation="outlined" className="panel">
        <Heading level={5} marginBottom="small">
          {t('campaigns.config.intervals')}
        </Heading>
        <Flex wrap="wrap" gap="medium">
          {intervalFields.map((field) => (
            <SelectField
              key={field.key}
              label={t(`campaigns.config.${field.key}`)}
              value={String(form[field.key])}
              onChange={(event) => setForm({ ...form, [field.key]: Number(event.target.value) })}
            >
              {field.options.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(field.key, value)}
                </option>
              ))}
            </SelectField>
          ))}
        </Flex>
      </Card>
      <Card variation="outlined" className="panel">
        <Heading level={5} marginBottom="small">
          {t('campaigns.config.variables')}
        </Heading>
        <Flex wrap="wrap" gap="small" alignItems="flex-end">
          <TextField
            label={t('campaigns.config.shortcut')}
            value={shortcut}
            onChange={(e) => setShortcut(e.target.value)}
          />
          <TextField
            label={t('campaigns.config.content')}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
          <Button onClick={addVariable}>{t('campaigns.config.addVariable')}</Button>
        </Flex>
        <Table size="small" marginTop="small">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('campaigns.config.shortcut')}</TableCell>
              <TableCell as="th">{t('campaigns.config.content')}</TableCell>
              <TableCell as="th">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {form.variables.map((variable) => (
              <TableRow key={variable.key} data-variable={variable.key}>
                <TableCell>{`{${variable.key}}`}</TableCell>
                <TableCell>{variable.value}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variation="link"
                    aria-label={t('common.delete')}
                    onClick={() => setRemoving(variable.key)}
                  >
                    {t('common.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Flex>
        <Button variation="primary" onClick={() => void submit()} isLoading={save.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
      <ConfirmDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          setForm({ ...form, variables: form.variables.filter((variable) => variable.key !== removing) });
          setRemoving(undefined);
        }}
      />
    </ScreenPage>
  );
}
