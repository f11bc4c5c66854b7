import { useMemo, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useDeleteQuickMessage } from '../api/delete-quick-message.ts';
import { useQuickMessages } from '../api/get-quick-messages.ts';
import { quickMessagesQueryKeys } from '../api/quick-messages-query-keys.ts';
import type { QuickMessage, QuickMessagesPage as QuickMessagesPageData } from '../api/types.ts';
import { applyRecordEvent, parseQuickMessageEvent } from '../quick-message-form.ts';
import '../quick-messages.css';
import { QuickMessageModal } from './QuickMessageModal.tsx';

/** extended §2.15 Quick messages: search, infinite scroll, the dialog and deletion. */
export function QuickMessagesPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const records = useQuickMessages(searchParam, user?.id);
  const deleteRecord = useDeleteQuickMessage();
  const [modal, setModal] = useState<{ record?: QuickMessage } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<QuickMessage | undefined>(undefined);

  useLiveEvent('quickmessage', (data) => {
    const event = parseQuickMessageEvent(data);
    if (!event) return;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: quickMessagesQueryKeys.lists() })) {
      const filter = query.queryKey[2] as { searchParam?: string } | undefined;
      queryClient.setQueryData<InfiniteData<QuickMessagesPageData, number>>(query.queryKey, (current) =>
        applyRecordEvent(current, 'records', event, !filter?.searchParam),
      );
    }
    void queryClient.invalidateQueries({ queryKey: ['quick-messages', 'options'] });
  });

  const rows = useMemo(() => records.data?.pages.flatMap((page) => page.records) ?? [], [records.data]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteRecord.mutateAsync(toDelete.id);
      toast.success(t('quickMessages.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(undefined);
    }
  }

  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Flex
        className="screen__header"
        alignItems="center"
        justifyContent="space-between"
        wrap="wrap"
        gap="small"
      >
        <Heading level={3}>{t('quickMessages.title')}</Heading>
        <Flex gap="small" alignItems="center" wrap="wrap" className="screen__tools">
          <SearchField
            label={t('common.search')}
            labelHidden
            placeholder={t('quickMessages.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onClear={() => setSearch('')}
            size="small"
            hasSearchButton={false}
            hasSearchIcon
            className="screen__search"
          />
          <Button variation="primary" size="small" gap="xs" onClick={() => setModal({})}>
            <PlusIcon size={18} />
            {t('quickMessages.add')}
          </Button>
        </Flex>
      </Flex>
      <Card
        variation="outlined"
        padding="0"
        className="list-card"
        onScroll={(event) => {
          if (records.hasNextPage && !records.isFetchingNextPage && isNearBottom(event.currentTarget)) {
            void records.fetchNextPage();
          }
        }}
        data-testid="quick-messages-list"
      >
        <Table highlightOnHover size="small" className="data-table">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('quickMessages.columns.shortcode')}</TableCell>
              <TableCell as="th" className="data-table__wide-only">
                {t('quickMessages.columns.message')}
              </TableCell>
              <TableCell as="th" className="data-table__wide-only">
                {t('quickMessages.columns.media')}
              </TableCell>
              <TableCell as="th">{t('quickMessages.columns.status')}</TableCell>
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
                <TableCell className="data-table__actions">
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button"
                    ariaLabel={t('quickMessages.editRecord', { shortcode: record.shortcode })}
                    title={t('common.edit')}
                    onClick={() => setModal({ record })}
                  >
                    <EditIcon size={18} />
                  </Button>
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button icon-button--danger"
                    ariaLabel={t('quickMessages.deleteRecord', { shortcode: record.shortcode })}
                    title={t('common.delete')}
                    onClick={() => setToDelete(record)}
                  >
                    <TrashIcon size={18} />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(records.isLoading || records.isFetchingNextPage) && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!records.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {searchParam ? t('common.noRecords') : t('quickMessages.empty')}
          </Text>
        )}
      </Card>
      {modal && <QuickMessageModal record={modal.record} onClose={() => setModal(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete ? t('quickMessages.deleteRecord', { shortcode: toDelete.shortcode }) : undefined}
        isLoading={deleteRecord.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </Flex>
  );
}
