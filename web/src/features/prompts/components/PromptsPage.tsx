import { TableCell, Text } from '@aws-amplify/ui-react';
import { NameText, RecordListPage } from '../../../components/ListPage.tsx';
import { usePlanGate } from '../../../lib/use-plan-gate.ts';
import { t } from '../../../i18n/index.ts';
import { useDeletePrompt } from '../api/delete-prompt.ts';
import { usePrompts } from '../api/get-prompts.ts';
import type { AiUsage } from '../api/types.ts';
import { useLivePrompts } from '../live-prompts.ts';
import { PromptModal } from './PromptModal.tsx';

/** extended §2.11 (admins, plan flag useOpenAi): name, queue, max tokens, actions; the add button. */
export function PromptsPage() {
  return usePlanGate('useOpenAi', 'prompts.noPermission') ? <PromptsList /> : null;
}

/** Today's AI use against the company's daily cap (beyond the spec). */
function UsageLine({ usage }: { usage: AiUsage }) {
  const reached = usage.calls >= usage.dailyCallCap;
  return (
    <Text
      as="span"
      fontSize="small"
      color={reached ? 'font.error' : 'font.tertiary'}
      data-testid="prompts-usage"
    >
      {t('prompts.usage', { calls: usage.calls, cap: usage.dailyCallCap, tokens: usage.tokens })}
      {reached ? ` ${t('prompts.usageReached')}` : ''}
    </Text>
  );
}

function PromptsList() {
  const records = usePrompts();
  useLivePrompts();
  const deletion = useDeletePrompt();

  return (
    <RecordListPage
      texts="prompts"
      titleAside={records.data?.usage && <UsageLine usage={records.data.usage} />}
      query={records}
      rows={records.data?.prompts ?? []}
      columns={['name', 'queue', ['maxTokens', 'wide']]}
      rowAttributes={(record) => ({ 'data-name': record.name })}
      cells={(record) => (
        <>
          <TableCell>
            <NameText name={record.name} />
          </TableCell>
          <TableCell>{record.queue?.name ?? ''}</TableCell>
          <TableCell className="data-table__wide-only">{record.maxTokens}</TableCell>
        </>
      )}
      editLabel={(record) => t('prompts.editRecord', { name: record.name })}
      deleteLabel={(record) => t('prompts.deleteRecord', { name: record.name })}
      remove={{ mutation: deletion }}
      dialog={(record, close) => <PromptModal id={record?.id} onClose={close} />}
    />
  );
}
