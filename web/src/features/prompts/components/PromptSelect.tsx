import { SelectField } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import { usePrompts } from '../api/get-prompts.ts';
import { RecordOptions } from '../../../components/FormDialog.tsx';

interface PromptSelectProps {
  /** The chosen prompt's id as text; '' for none. */
  value: string;
  onChange(value: string): void;
}

/**
 * The AI prompt a queue (or connection) runs before a person answers. Shown only to a plan with
 * useOpenAi (extended §6), where GET /prompt answers.
 */
export function PromptSelect({ value, onChange }: PromptSelectProps) {
  const { user } = useAuth();
  const allowed = planAllows(user?.company?.plan, 'useOpenAi');
  const prompts = usePrompts(allowed);
  if (!allowed) return null;
  const list = prompts.data?.prompts ?? [];
  return (
    <SelectField
      label={t('prompts.select.label')}
      name="promptId"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('prompts.select.none')}</option>
      <RecordOptions records={list} />
      {value && !list.some((prompt) => String(prompt.id) === value) && (
        <option value={value}>#{value}</option>
      )}
    </SelectField>
  );
}
