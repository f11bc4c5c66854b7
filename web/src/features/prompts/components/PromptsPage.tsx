import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
} from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeletePrompt } from '../api/delete-prompt.ts';
import { usePrompts } from '../api/get-prompts.ts';
import type { AiUsage, Prompt } from '../api/types.ts';
import { useLivePrompts } from '../live-prompts.ts';
import { PromptModal } from './PromptModal.tsx';

/** Like the other plan-gated screens (extended §6): the message, then / after one second. */
const redirectDelayMs = 1000;

/** extended §2.11 (admins, plan flag useOpenAi): name, queue, max tokens, actions; the add button. */
export function PromptsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const refused = !planAllows(user?.company?.plan, 'useOpenAi');
  useEffect(() => {
    if (!refused) return;
    toast.error(t('prompts.noPermission'));
    const timer = setTimeout(() => navigate('/'), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [refused, navigate]);
  if (refused) return null;
  return <PromptsList />;
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
  const rows = records.data?.prompts ?? [];
  const [modal, setModal] = useState<{ id?: number } | undefined>(undefined);
  const removal = useDeleteConfirm<Prompt>(useDeletePrompt(), {
    deleted: 'prompts.deleted',
    title: (record) => t('prompts.deleteRecord', { name: record.name }),
  });

  return (
    <ListPage
      title={t('prompts.title')}
      titleAside={records.data?.usage && <UsageLine usage={records.data.usage} />}
      addLabel={t('prompts.add')}
      onAdd={() => setModal({})}
    >
      <ListCard testId="prompts-list" query={records} isEmpty={rows.length === 0} empty={t('prompts.empty')}>
        <ListTable
          columns={[
            { label: t('prompts.columns.name') },
            { label: t('prompts.columns.queue') },
            { label: t('prompts.columns.maxTokens'), className: 'data-table__wide-only' },
          ]}
        >
          {rows.map((record) => (
            <TableRow key={record.id} data-name={record.name}>
              <TableCell>
                <Text as="span" fontWeight="semibold">
                  {record.name}
                </Text>
              </TableCell>
              <TableCell>{record.queue?.name ?? ''}</TableCell>
              <TableCell className="data-table__wide-only">{record.maxTokens}</TableCell>
              <RowActions
                editLabel={t('prompts.editRecord', { name: record.name })}
                onEdit={() => setModal({ id: record.id })}
                deleteLabel={t('prompts.deleteRecord', { name: record.name })}
                onDelete={() => removal.ask(record)}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <PromptModal id={modal.id} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
