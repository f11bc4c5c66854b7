import { SelectField } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import { useQueueIntegrationOptions } from '../api/get-queue-integrations.ts';

interface IntegrationSelectProps {
  /** The chosen integration's id as text; '' for none. */
  value: string;
  onChange(value: string): void;
}

/**
 * The queue integration a queue (or connection) runs before a person answers. Shown only when
 * the plan has integrations (extended §6); the list reads every integration of the company.
 */
export function IntegrationSelect({ value, onChange }: IntegrationSelectProps) {
  const { user } = useAuth();
  const allowed = planAllows(user?.company?.plan, 'useIntegrations');
  const integrations = useQueueIntegrationOptions(allowed);
  if (!allowed) return null;
  return (
    <SelectField
      label={t('queueIntegrations.select.label')}
      name="integrationId"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('queueIntegrations.select.none')}</option>
      {(integrations.data ?? []).map((integration) => (
        <option key={integration.id} value={String(integration.id)}>
          {integration.name} ({t(`queueIntegrations.type.${integration.type}` as MessageKey)})
        </option>
      ))}
      {/* A chosen integration not (yet) listed keeps its value. */}
      {value && !(integrations.data ?? []).some((integration) => String(integration.id) === value) && (
        <option value={value}>#{value}</option>
      )}
    </SelectField>
  );
}
