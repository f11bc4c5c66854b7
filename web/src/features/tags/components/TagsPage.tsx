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
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useTags } from '../api/get-tags.ts';
import { tagsQueryKeys } from '../api/tags-query-keys.ts';
import type { Tag, TagsPage as TagsPageData } from '../api/types.ts';
import { applyRecordEvent, parseTagEvent, textOnColour } from '../tag-form.ts';
import '../tags.css';
import { TagModal } from './TagModal.tsx';

/** extended §2.14 Tags: search, infinite scroll, the tag dialog and deletion; shows ticketsCount. */
export function TagsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const tags = useTags(searchParam);
  const deleteTag = useDeleteTag();
  const [modal, setModal] = useState<{ tag?: Tag } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Tag | undefined>(undefined);

  useLiveEvent('tag', (data) => {
    const event = parseTagEvent(data);
    if (!event) return;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: tagsQueryKeys.lists() })) {
      const filter = query.queryKey[2] as { searchParam?: string } | undefined;
      queryClient.setQueryData<InfiniteData<TagsPageData, number>>(query.queryKey, (current) =>
        applyRecordEvent(current, 'tags', event, !filter?.searchParam),
      );
    }
    void queryClient.invalidateQueries({ queryKey: tagsQueryKeys.options() });
  });

  const rows = useMemo(() => tags.data?.pages.flatMap((page) => page.tags) ?? [], [tags.data]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteTag.mutateAsync(toDelete.id);
      toast.success(t('tags.deleted'));
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
        <Heading level={3}>{t('tags.title')}</Heading>
        <Flex gap="small" alignItems="center" wrap="wrap" className="screen__tools">
          <SearchField
            label={t('common.search')}
            labelHidden
            placeholder={t('tags.searchPlaceholder')}
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
            {t('tags.add')}
          </Button>
        </Flex>
      </Flex>
      <Card
        variation="outlined"
        padding="0"
        className="list-card"
        onScroll={(event) => {
          if (tags.hasNextPage && !tags.isFetchingNextPage && isNearBottom(event.currentTarget))
            void tags.fetchNextPage();
        }}
        data-testid="tags-list"
      >
        <Table highlightOnHover size="small" className="data-table">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('tags.columns.name')}</TableCell>
              <TableCell as="th" className="tags-table__count">
                {t('tags.columns.tickets')}
              </TableCell>
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((tag) => (
              <TableRow key={tag.id} data-tag-name={tag.name}>
                <TableCell>
                  <Flex alignItems="center" gap="small" wrap="wrap">
                    <span
                      className="tag-chip"
                      style={{ backgroundColor: tag.color, color: textOnColour(tag.color) }}
                    >
                      {tag.name}
                    </span>
                    {tag.kanban === 1 && (
                      <Badge size="small" variation="info">
                        {t('tags.kanbanLane')}
                      </Badge>
                    )}
                  </Flex>
                </TableCell>
                <TableCell className="tags-table__count">{tag.ticketsCount ?? 0}</TableCell>
                <TableCell className="data-table__actions">
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button"
                    ariaLabel={t('tags.editTag', { name: tag.name })}
                    title={t('common.edit')}
                    onClick={() => setModal({ tag })}
                  >
                    <EditIcon size={18} />
                  </Button>
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button icon-button--danger"
                    ariaLabel={t('tags.deleteTag', { name: tag.name })}
                    title={t('common.delete')}
                    onClick={() => setToDelete(tag)}
                  >
                    <TrashIcon size={18} />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(tags.isLoading || tags.isFetchingNextPage) && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!tags.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {searchParam ? t('common.noRecords') : t('tags.empty')}
          </Text>
        )}
      </Card>
      {modal && <TagModal tag={modal.tag} onClose={() => setModal(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete ? t('tags.deleteTag', { name: toDelete.name }) : undefined}
        isLoading={deleteTag.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </Flex>
  );
}
