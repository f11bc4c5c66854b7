import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import { ColourChip } from '../../../components/FormDialog.tsx';
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
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { mayDeleteTag } from '../../../lib/screen-access.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useTags } from '../api/get-tags.ts';
import { tagsQueryKeys } from '../api/tags-query-keys.ts';
import type { Tag } from '../api/types.ts';
import { parseTagEvent } from '../tag-form.ts';
import '../tags.css';
import { TagModal } from './TagModal.tsx';

/** extended §2.14 Tags: search, infinite scroll, the tag dialog and deletion; shows ticketsCount. */
export function TagsPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const search = useListSearch();
  const tags = useTags(search.term);
  const rows = usePageRows(tags.data, 'tags');
  const [modal, setModal] = useState<{ tag?: Tag } | undefined>(undefined);
  const removal = useDeleteConfirm<Tag>(useDeleteTag(), {
    deleted: 'tags.deleted',
    title: (tag) => t('tags.deleteTag', { name: tag.name }),
  });

  useLiveRecordLists('tag', parseTagEvent, tagsQueryKeys.lists(), 'tags', () => {
    void queryClient.invalidateQueries({ queryKey: tagsQueryKeys.options() });
  });

  return (
    <ListPage
      title={t('tags.title')}
      search={{ ...search, placeholder: t('tags.searchPlaceholder') }}
      addLabel={t('tags.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="tags-list"
        query={tags}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('tags.empty')}
      >
        <ListTable
          columns={[
            { label: t('tags.columns.name') },
            { label: t('tags.columns.tickets'), className: 'tags-table__count' },
          ]}
        >
          {rows.map((tag) => (
            <TableRow key={tag.id} data-tag-name={tag.name}>
              <TableCell>
                <Flex alignItems="center" gap="small" wrap="wrap">
                  <ColourChip colour={tag.color}>{tag.name}</ColourChip>
                  {tag.kanban === 1 && (
                    <Badge size="small" variation="info">
                      {t('tags.kanbanLane')}
                    </Badge>
                  )}
                </Flex>
              </TableCell>
              <TableCell className="tags-table__count">{tag.ticketsCount ?? 0}</TableCell>
              <RowActions
                editLabel={t('tags.editTag', { name: tag.name })}
                onEdit={() => setModal({ tag })}
                deleteLabel={t('tags.deleteTag', { name: tag.name })}
                // DELETE /tags/{id}: the author, or an admin or supervisor (a kanban lane: only they).
                onDelete={mayDeleteTag(user, tag) ? () => removal.ask(tag) : undefined}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <TagModal tag={modal.tag} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
