import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Flex, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
  useListSearch,
  useLiveRecordLists,
  usePageRows,
} from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { mayChangeQuickMessage } from '../../../lib/screen-access.ts';
import { useDeleteQuickMessage } from '../api/delete-quick-message.ts';
import { useQuickMessages } from '../api/get-quick-messages.ts';
import { quickMessagesQueryKeys } from '../api/quick-messages-query-keys.ts';
import type { QuickMessage } from '../api/types.ts';
import { parseQuickMessageEvent } from '../quick-message-form.ts';
import '../quick-messages.css';
import { QuickMessageModal } from './QuickMessageModal.tsx';

/** extended §2.15 Quick messages: search, infinite scroll, the dialog and deletion. */
export function QuickMessagesPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const search = useListSearch();
  const records = useQuickMessages(search.term, user?.id);
  const rows = usePageRows(records.data, 'records');
  const [modal, setModal] = useState<{ record?: QuickMessage } | undefined>(undefined);
  const removal = useDeleteConfirm<QuickMessage>(useDeleteQuickMessage(), {
    deleted: 'quickMessages.deleted',
    title: (record) => t('quickMessages.deleteRecord', { shortcode: record.shortcode }),
  });

  useLiveRecordLists(
    'quickmessage',
    parseQuickMessageEvent,
    quickMessagesQueryKeys.lists(),
    'records',
    () => {
      void queryClient.invalidateQueries({ queryKey: ['quick-messages', 'options'] });
    },
  );

  return (
    <ListPage
      title={t('quickMessages.title')}
      search={{ ...search, placeholder: t('quickMessages.searchPlaceholder') }}
      addLabel={t('quickMessages.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="quick-messages-list"
        query={records}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('quickMessages.empty')}
      >
        <ListTable
          columns={[
            { label: t('quickMessages.columns.shortcode') },
            { label: t('quickMessages.columns.message'), className: 'data-table__wide-only' },
            { label: t('quickMessages.columns.media'), className: 'data-table__wide-only' },
            { label: t('quickMessages.columns.status') },
          ]}
        >
          {rows.map((record) => (
            <TableRow key={record.id} data-shortcode={record.shortcode}>
              <TableCell>
                <Flex direction="column" gap="xxxs">
                  <Text as="span" fontWeight="semibold" className="quick-message__shortcode">
                    /{record.shortcode}
                  </Text>
                  {record.geral && (
                    <Text as="span" fontSize="xs" color="font.tertiary">
                      {t('quickMessages.columns.geral')}
                    </Text>
                  )}
                </Flex>
              </TableCell>
              <TableCell className="data-table__wide-only quick-message__text">
                <span title={record.message}>{record.message}</span>
              </TableCell>
              <TableCell className="data-table__wide-only">
                {record.mediaName || record.mediaPath ? (
                  <Flex as="span" alignItems="center" gap="xxs" className="quick-message__media">
                    <PaperclipIcon size={14} />
                    {record.mediaName || record.mediaPath?.split('/').pop()}
                  </Flex>
                ) : (
                  <Text as="span" color="font.tertiary" fontSize="small">
                    {t('quickMessages.noMedia')}
                  </Text>
                )}
              </TableCell>
              <TableCell>
                <Badge size="small" variation={record.status === false ? undefined : 'success'}>
                  {record.status === false ? t('quickMessages.inactive') : t('quickMessages.active')}
                </Badge>
              </TableCell>
              {/* An agent reads the general ones of others but changes only their own (or an admin any). */}
              {mayChangeQuickMessage(user, record) ? (
                <RowActions
                  editLabel={t('quickMessages.editRecord', { shortcode: record.shortcode })}
                  onEdit={() => setModal({ record })}
                  deleteLabel={t('quickMessages.deleteRecord', { shortcode: record.shortcode })}
                  onDelete={() => removal.ask(record)}
                />
              ) : (
                <TableCell className="data-table__actions" />
              )}
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <QuickMessageModal record={modal.record} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
