import { useState } from 'react';
import { Badge, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
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
import { t, tCount } from '../../../i18n/index.ts';
import { announcementsQueryKeys } from '../api/announcements-query-keys.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import type { Announcement } from '../api/types.ts';
import { parseAnnouncementEvent, priorityTone } from '../announcement-form.ts';
import '../announcements.css';
import { AnnouncementModal } from './AnnouncementModal.tsx';

const priorityKey = (priority: number) =>
  priority === 1
    ? 'announcements.priority.1'
    : priority === 2
      ? 'announcements.priority.2'
      : 'announcements.priority.3';

/** extended §2.7 (super users): search, infinite scroll, the dialog and deletion; live by id. */
export function AnnouncementsPage() {
  const search = useListSearch();
  const records = useAnnouncements(search.term);
  const rows = usePageRows(records.data, 'records');
  const count = records.data?.pages[0]?.count;
  const [modal, setModal] = useState<{ record?: Announcement } | undefined>(undefined);
  const removal = useDeleteConfirm<Announcement>(useDeleteAnnouncement(), {
    deleted: 'announcements.deleted',
    title: (record) => t('announcements.deleteRecord', { title: record.title }),
  });

  useLiveRecordLists('announcement', parseAnnouncementEvent, announcementsQueryKeys.lists(), 'records');

  return (
    <ListPage
      title={t('announcements.title')}
      titleAside={
        typeof count === 'number' && (
          <Text as="span" color="font.tertiary" fontSize="small" data-testid="announcements-count">
            {tCount('announcements.count', count)}
          </Text>
        )
      }
      search={{ ...search, placeholder: t('announcements.searchPlaceholder') }}
      addLabel={t('announcements.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="announcements-list"
        query={records}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('announcements.empty')}
      >
        <ListTable
          columns={[
            { label: t('announcements.columns.title') },
            { label: t('announcements.columns.priority') },
            { label: t('announcements.columns.media'), className: 'data-table__wide-only' },
            { label: t('announcements.columns.status') },
          ]}
        >
          {rows.map((record) => (
            <TableRow key={record.id} data-announcement-id={record.id}>
              <TableCell>
                <Text as="span" fontWeight="semibold">
                  {record.title}
                </Text>
              </TableCell>
              <TableCell>
                <span
                  className={`announcement-priority announcement-priority--${priorityTone(record.priority)}`}
                >
                  {t(priorityKey(record.priority))}
                </span>
              </TableCell>
              <TableCell className="data-table__wide-only">
                {record.mediaName ? (
                  <span className="announcement__media">
                    <PaperclipIcon size={14} />
                    {record.mediaName}
                  </span>
                ) : (
                  <Text as="span" color="font.tertiary" fontSize="small">
                    {t('announcements.noMedia')}
                  </Text>
                )}
              </TableCell>
              <TableCell>
                <Badge size="small" variation={record.status === false ? undefined : 'success'}>
                  {record.status === false ? t('announcements.inactive') : t('announcements.active')}
                </Badge>
              </TableCell>
              <RowActions
                editLabel={t('announcements.editRecord', { title: record.title })}
                onEdit={() => setModal({ record })}
                deleteLabel={t('announcements.deleteRecord', { title: record.title })}
                onDelete={() => removal.ask(record)}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <AnnouncementModal record={modal.record} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
