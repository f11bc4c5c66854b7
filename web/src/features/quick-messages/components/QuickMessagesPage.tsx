import { useQueryClient } from '@tanstack/react-query';
import { Badge, Flex, TableCell, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import { RecordListPage, useSearchedList, useLiveRecordLists } from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { mayChangeQuickMessage } from '../../../lib/screen-access.ts';
import { useDeleteQuickMessage } from '../api/delete-quick-message.ts';
import { useQuickMessages } from '../api/get-quick-messages.ts';
import { quickMessagesQueryKeys } from '../api/quick-messages-query-keys.ts';
import { parseQuickMessageEvent } from '../quick-message-form.ts';
import '../quick-messages.css';
import { QuickMessageModal } from './QuickMessageModal.tsx';

/** extended §2.15 Quick messages: search, infinite scroll, the dialog and deletion. */
export function QuickMessagesPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const list = useSearchedList(useQuickMessages, 'records', user?.id);
  const deletion = useDeleteQuickMessage();
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
    <RecordListPage
      texts="quickMessages"
      {...list}
      columns={['shortcode', ['message', 'wide'], ['media', 'wide'], 'status']}
      rowAttributes={(record) => ({ 'data-shortcode': record.shortcode })}
      cells={(record) => (
        <>
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
        </>
      )}
      // An agent reads the general ones of others but changes only their own (or an admin any).
      mayChange={(record) => mayChangeQuickMessage(user, record)}
      editLabel={(record) => t('quickMessages.editRecord', { shortcode: record.shortcode })}
      deleteLabel={(record) => t('quickMessages.deleteRecord', { shortcode: record.shortcode })}
      remove={{ mutation: deletion }}
      dialog={(record, close) => <QuickMessageModal record={record} onClose={close} />}
    />
  );
}
