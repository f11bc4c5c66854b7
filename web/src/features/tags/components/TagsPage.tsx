import { useQueryClient } from '@tanstack/react-query';
import { Badge, Flex, TableCell } from '@aws-amplify/ui-react';
import { ColourChip } from '../../../components/FormDialog.tsx';
import { RecordListPage, useSearchedList, useLiveRecordLists } from '../../../components/ListPage.tsx';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { mayDeleteTag } from '../../../lib/screen-access.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useTags } from '../api/get-tags.ts';
import { tagsQueryKeys } from '../api/tags-query-keys.ts';
import { parseTagEvent } from '../tag-form.ts';
import '../tags.css';
import { TagModal } from './TagModal.tsx';

/** extended §2.14 Tags: search, infinite scroll, the tag dialog and deletion; shows ticketsCount. */
export function TagsPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const list = useSearchedList(useTags, 'tags');
  const deletion = useDeleteTag();
  useLiveRecordLists('tag', parseTagEvent, tagsQueryKeys.lists(), 'tags', () => {
    void queryClient.invalidateQueries({ queryKey: tagsQueryKeys.options() });
  });

  return (
    <RecordListPage
      texts="tags"
      {...list}
      columns={['name', ['tickets', 'tags-table__count']]}
      rowAttributes={(tag) => ({ 'data-tag-name': tag.name })}
      cells={(tag) => (
        <>
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
        </>
      )}
      editLabel={(tag) => t('tags.editTag', { name: tag.name })}
      deleteLabel={(tag) => t('tags.deleteTag', { name: tag.name })}
      // DELETE /tags/{id}: the author, or an admin or supervisor (a kanban lane: only they).
      remove={{ mutation: deletion, mayDelete: (tag) => mayDeleteTag(user, tag) }}
      dialog={(tag, close) => <TagModal tag={tag} onClose={close} />}
    />
  );
}
